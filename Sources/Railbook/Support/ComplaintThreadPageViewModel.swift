import Mustache

/// The thread page of one complaint (`complaints/show`): details, the thread oldest first, the
/// customer's reply form while it is open, and the desk's forms for an administrator.
struct ComplaintThreadPageViewModel: MustacheRenderable {
    let complaint: Complaint
    let thread: [ComplaintMessage]
    /// The customer who filed it is looking.
    let isOwner: Bool
    let isAdmin: Bool
    let state: ComplaintPage.State
    let renderer: PageRenderer
    let context: AppContext

    var mustacheValue: MustacheValue {
        let language = context.language
        var values: MustacheObject = [
            "complaint": ComplaintViewModel(complaint: complaint, messages: renderer.messages, language: language,
                                            isStaffViewing: isAdmin && !isOwner).mustacheValue,
            "messages": .list(thread.map {
                ComplaintMessageViewModel(message: $0, isOwnerViewing: isOwner, messages: renderer.messages, language: language).mustacheValue
            }),
            "isOwner": .bool(isOwner),
            "notice": state.noticeKey.map { .string(renderer.text($0, context)) } ?? .null,
            "alert": state.alertKey.map { .string(renderer.text($0, context)) } ?? .null,
        ]
        if isOwner, !complaint.isResolved {
            let field = FieldViewModel(name: "text", label: renderer.text("label_complaint_reply", context), control: .textArea,
                                       value: state.reply.text, hint: renderer.text("hint_complaint_reply", context),
                                       error: state.replyErrors["text"].map { renderer.text($0, context) },
                                       maxLength: ComplaintMessage.textLengths.upperBound)
            values["canReply"] = .bool(true)
            values["replyFields"] = .list([field.mustacheValue])
        }
        if isAdmin, !complaint.isResolved {
            values["desk"] = desk
        }
        return .object(values)
    }

    /// The desk's forms: a staff reply and a status change (to in progress or resolved).
    private var desk: MustacheValue {
        let current = complaint.status == .submitted ? Complaint.Status.inProgress : complaint.status
        let options: [MustacheValue] = [Complaint.Status.inProgress, .resolved].map { option in
            .object(["value": .string(option.rawValue), "label": .string(renderer.text(option.messageKey, context)),
                     "selected": .bool(option == current)])
        }
        var values: MustacheObject = ["text": .string(state.staffReply.text), "statusOptions": .list(options)]
        if let key = state.staffReplyErrors["text"] { values["error"] = .string(renderer.text(key, context)) }
        return .object(values)
    }
}
