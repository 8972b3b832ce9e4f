import HTTP
import Storage

/// The complaint desk's routes on a thread (administrators only; anyone else gets a 404):
/// `POST /complaints/:number/staff-reply` answers the customer, `POST /complaints/:number/status`
/// moves the complaint to in progress or resolved. Both go through `ComplaintDesk`.
struct ComplaintDeskController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool

    private var page: ComplaintPage { ComplaintPage(renderer: renderer, database: database) }

    /// Registers the routes on `group`, which must require login and an administrator.
    func addRoutes(to group: AdminRoutes) {
        group.post("/complaints/:number/staff-reply", use: reply)
        group.post("/complaints/:number/status", use: setStatus)
    }

    func reply(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let (complaint, staff) = try load(context)
        let reply = ComplaintReplyForm(form: request.form)
        let problems = reply.problems()
        guard problems.isEmpty else {
            return try page.render(
                complaint, ComplaintPage.State(staffReply: reply, staffReplyErrors: problems), request, &context,
                status: .unprocessableContent)
        }
        let now = context.now
        return try perform(complaint, request, &context, notice: "staff_replied") { db in
            try ComplaintDesk.reply(complaintID: complaint.id, staffUserID: staff.id, text: reply.text, now: now, in: db)
        }
    }

    func setStatus(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let (complaint, staff) = try load(context)
        guard let status = request.form["status"].flatMap(Complaint.Status.init(rawValue:)), status != .submitted else {
            return try page.render(
                complaint, ComplaintPage.State(alertKey: "error_complaint_status"), request, &context,
                status: .unprocessableContent)
        }
        let now = context.now
        return try perform(complaint, request, &context, notice: "status_changed") { db in
            _ = try ComplaintDesk.setStatus(complaintID: complaint.id, to: status, staffUserID: staff.id, now: now, in: db)
        }
    }

    /// Runs `change` in a write transaction → 303 to the thread with `notice`; a resolved complaint → 409.
    private func perform(
        _ complaint: Complaint, _ request: Request, _ context: inout AdminContext, notice: String,
        _ change: (Database) throws -> Void
    ) throws -> Response {
        do {
            try database.write(change)
        } catch ComplaintError.resolved {
            let current = try database.read { try Complaint.find(id: complaint.id, in: $0) } ?? complaint
            return try page.render(current, ComplaintPage.State(alertKey: "error_complaint_resolved"), request, &context, status: .conflict)
        } catch ComplaintError.notFound, ComplaintError.notStaff {
            throw HTTPError(.notFound)
        }
        return .redirect(to: "/complaints/\(complaint.number)?\(notice)=1")
    }

    private func load(_ context: AdminContext) throws -> (Complaint, User) {
        let staff = context.user
        guard staff.isAdmin,
            let complaint = try database.read({ try Complaint.find(number: try context.parameters.require("number"), in: $0) })
        else {
            throw HTTPError(.notFound)
        }
        return (complaint, staff)
    }
}
