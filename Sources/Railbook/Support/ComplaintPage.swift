import HTTP
import Storage

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
    func visibleComplaint(_ context: some SiteContext) throws -> Complaint {
        guard let user = context.app.user else { throw HTTPError(.notFound) }
        let number = try context.app.parameters.require("number")
        let complaint = try database.read { db in
            user.isAdmin ? try Complaint.find(number: number, in: db) : try Complaint.find(number: number, userID: user.id, in: db)
        }
        guard let complaint else { throw HTTPError(.notFound) }
        return complaint
    }

    /// The page for `complaint`: details, the thread oldest first, the customer's reply form while
    /// it is open, and the desk's forms for an administrator.
    func render(
        _ complaint: Complaint, _ state: State, _ request: Request, _ context: inout some SiteContext,
        status: Status = .ok
    ) throws -> Response {
        guard let user = context.app.user else { throw HTTPError(.notFound) }
        let thread = try database.read { try ComplaintMessage.thread(of: complaint.id, in: $0) }
        let page = ComplaintThreadPageViewModel(
            complaint: complaint, thread: thread, isOwner: complaint.userID == user.id,
            isAdmin: user.isAdmin, state: state, text: renderer.texts(context))
        return try renderer.formPage("complaints/show", page, context: &context, status: status)
    }
}
