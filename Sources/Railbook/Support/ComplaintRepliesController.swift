import HTTP
import Storage

/// `POST /complaints/:number/replies`: the customer adds to their own complaint's thread while it
/// is open. Resolved is final: a reply to a resolved complaint is refused (409) and the page points
/// to a new complaint. Another user's complaint is a 404.
struct ComplaintRepliesController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool

    private var page: ComplaintPage { ComplaintPage(renderer: renderer, database: database) }

    func addRoutes(to group: MemberRoutes) {
        group.post("/complaints/:number/replies", use: create)
    }

    func create(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let number = try context.parameters.require("number")
        guard let complaint = try database.read({ try Complaint.find(number: number, userID: user.id, in: $0) }) else {
            throw HTTPError(.notFound)
        }
        let reply = ComplaintReplyForm(form: request.form)
        let problems = reply.problems()
        guard problems.isEmpty else {
            return try page.render(
                complaint, ComplaintPage.State(reply: reply, replyErrors: problems), request, &context,
                status: .unprocessableContent)
        }
        do {
            try database.write { try Complaint.addCustomerReply(to: complaint.id, userID: user.id, text: reply.text, now: context.now, in: $0) }
        } catch ComplaintError.resolved {
            let current = try database.read { try Complaint.find(id: complaint.id, in: $0) } ?? complaint
            return try page.render(current, ComplaintPage.State(alertKey: "error_complaint_resolved"), request, &context, status: .conflict)
        } catch ComplaintError.notFound {
            throw HTTPError(.notFound)
        }
        return .redirect(to: "/complaints/\(complaint.number)?replied=1")
    }
}
