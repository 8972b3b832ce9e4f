import HTTP
import Mustache
import SQLite

/// The thread page of one complaint (`/complaints/:number`), shared by the controllers that answer
/// its forms: the customer sees their own complaints, an administrator any complaint with the
/// desk's forms; everyone else gets a 404.
struct ComplaintPage {
    let renderer: PageRenderer
    let database: DatabasePool

    /// What the page shows besides the thread: a notice or an alert (message keys), and the
    /// values and errors of its forms.
    struct State {
        var noticeKey: String?
        var alertKey: String?
        var reply = ComplaintReplyForm()
        var replyErrors = FormErrors()
        var staffReply = ComplaintReplyForm()
        var staffReplyErrors = FormErrors()
    }

    /// The complaint named by the `:number` segment that the current user may see: their own, or
    /// any for an administrator. 404 otherwise.
    func visibleComplaint(_ context: AppContext) throws -> Complaint {
        let user = try context.currentUser()
        let number = context.parameters["number"] ?? ""
        let complaint = try database.read { db in
            user.isAdmin ? try Complaint.find(number: number, in: db) : try Complaint.find(number: number, userID: user.id, in: db)
        }
        guard let complaint else { throw HTTPError(.notFound) }
        return complaint
    }

    /// The page for `complaint`: details, the thread oldest first, the customer's reply form while
    /// it is open, and the desk's forms for an administrator.
    func render(_ complaint: Complaint, _ state: State, _ request: Request, _ context: inout AppContext,
                status: Status = .ok) throws -> Response {
        let user = try context.currentUser()
        let thread = try database.read { try ComplaintMessage.thread(of: complaint.id, in: $0) }
        let isOwner = complaint.userID == user.id
        let language = context.language
        var values: [String: MustacheValue] = [
            "complaint": ComplaintViewModel(complaint: complaint, messages: renderer.messages, language: language).mustacheValue,
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
        if user.isAdmin, !complaint.isResolved {
            values["desk"] = desk(complaint, state, context)
        }
        return try renderer.formPage("complaints/show", values, context: &context, status: status)
    }

    /// The desk's forms: a staff reply and a status change (to in progress or resolved).
    private func desk(_ complaint: Complaint, _ state: State, _ context: AppContext) -> MustacheValue {
        let current = complaint.status == .submitted ? Complaint.Status.inProgress : complaint.status
        let options: [MustacheValue] = [Complaint.Status.inProgress, .resolved].map { option in
            .object(["value": .string(option.rawValue), "label": .string(renderer.text(option.messageKey, context)),
                     "selected": .bool(option == current)])
        }
        var values: [String: MustacheValue] = ["text": .string(state.staffReply.text), "statusOptions": .list(options)]
        if let key = state.staffReplyErrors["text"] { values["error"] = .string(renderer.text(key, context)) }
        return .object(values)
    }
}
