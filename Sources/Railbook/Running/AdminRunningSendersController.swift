import HTTP
import Storage

/// `/admin/running-senders`: the train-tracking systems that may post running reports. Adding one
/// shows its key once (it signs the sender's reports); revoking one refuses its reports from then
/// on. Administrators only; both actions audited.
struct AdminRunningSendersController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool

    func addRoutes(to admin: AdminRoutes) {
        admin.get("/running-senders", use: index)
        admin.post("/running-senders", use: add)
        admin.post("/running-senders/:id/revoke", use: revoke)
    }

    func index(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let notice = request.query["notice"] == "revoked" ? renderer.texts(context)("running_senders_notice_revoked") : nil
        return try page(name: "", notice: notice, &context)
    }

    func add(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let administrator = context.user
        let name = (request.form["name"] ?? "").trimmed
        guard RunningSender.isName(name) else {
            return try page(name: name, problemKey: "running_senders_bad_name", &context, status: .unprocessableContent)
        }
        let now = context.now
        let key = try database.write { db -> String? in
            guard let key = try RunningSender.add(named: name, now: now, in: db) else { return nil }
            try AuditLog.record(
                userID: administrator.id, action: "running_sender.add", subject: "running_sender \(name)", before: "", after: name, now: now,
                in: db)
            return key.base64
        }
        guard let key else { return try page(name: name, problemKey: "running_senders_taken", &context, status: .unprocessableContent) }
        return try page(name: "", added: AdminRunningSendersPageViewModel.Added(name: name, key: key), &context)
    }

    func revoke(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let administrator = context.user
        let id = try context.parameters.require("id", as: Int64.self)
        let now = context.now
        let revoked = try database.write { db -> Bool in
            guard let sender = try RunningSender.all(in: db).first(where: { $0.id == id }) else { throw HTTPError(.notFound) }
            guard try RunningSender.revoke(id: id, now: now, in: db) else { return false }
            try AuditLog.record(
                userID: administrator.id, action: "running_sender.revoke", subject: "running_sender \(sender.name)", before: sender.name,
                after: "", now: now, in: db)
            return true
        }
        return .redirect(to: "/admin/running-senders" + (revoked ? "?notice=revoked" : ""))
    }

    private func page(
        name: String, notice: String? = nil, problemKey: String? = nil, added: AdminRunningSendersPageViewModel.Added? = nil,
        _ context: inout AdminContext, status: Status = .ok
    ) throws -> Response {
        let senders = try database.read { try RunningSender.all(in: $0) }
        let text = renderer.texts(context)
        let page = AdminRunningSendersPageViewModel(
            senders: senders, name: name, notice: notice, problem: problemKey.map { text($0) }, added: added, text: text)
        return try renderer.formPage("admin/running_senders", page, context: &context, status: status)
    }
}
