/// The thread page of one complaint (`complaints/show`): details, the thread oldest first, the
/// customer's reply form while it is open, and the desk's forms for an administrator.
struct ComplaintThreadPageViewModel: Encodable {
    /// The desk's forms (`complaints/_desk`): a staff reply and a status change (to in progress or resolved).
    struct Desk: Encodable {
        /// One status to move the complaint to (`forms/_option`).
        struct Option: Encodable {
            let value: String
            let label: String
            let selected: Bool
        }

        /// The staff reply as typed.
        let text: String
        let statusOptions: [Option]
        /// What is wrong with the staff reply, if anything.
        let error: String?
    }

    let complaint: ComplaintViewModel
    let messages: [ComplaintMessageViewModel]
    /// The customer who filed it is looking.
    let isOwner: Bool
    let notice: String?
    let alert: String?
    /// True while the customer may reply (their own complaint, not resolved).
    let canReply: Bool
    /// The reply form's field, while the customer may reply.
    let replyFields: [FieldViewModel]
    /// The desk's forms, for an administrator while the complaint is open.
    let desk: Desk?

    /// The page of `complaint` with its `thread`, for its owner (`isOwner`) or an administrator
    /// (`isAdmin`), showing `state`.
    init(complaint: Complaint, thread: [ComplaintMessage], isOwner: Bool, isAdmin: Bool, state: ComplaintPage.State, text: TextLookup) {
        self.complaint = ComplaintViewModel(complaint: complaint, isStaffViewing: isAdmin && !isOwner, text: text)
        messages = thread.map { ComplaintMessageViewModel(message: $0, isOwnerViewing: isOwner, text: text) }
        self.isOwner = isOwner
        notice = state.noticeKey.map { text($0) }
        alert = state.alertKey.map { text($0) }
        canReply = isOwner && !complaint.isResolved
        replyFields =
            !canReply
            ? []
            : [
                FieldViewModel(
                    name: "text", label: text("label_complaint_reply"), control: .textArea, value: state.reply.text,
                    hint: text("hint_complaint_reply"), error: state.replyErrors["text"].map { text($0) },
                    maxLength: ComplaintMessage.textLengths.upperBound)
            ]
        desk = isAdmin && !complaint.isResolved ? Self.desk(complaint, state: state, text: text) : nil
    }

    private static func desk(_ complaint: Complaint, state: ComplaintPage.State, text: TextLookup) -> Desk {
        let current = complaint.status == .submitted ? Complaint.Status.inProgress : complaint.status
        let options = [Complaint.Status.inProgress, .resolved].map { option in
            Desk.Option(value: option.rawValue, label: text(option.messageKey), selected: option == current)
        }
        return Desk(text: state.staffReply.text, statusOptions: options, error: state.staffReplyErrors["text"].map { text($0) })
    }
}
