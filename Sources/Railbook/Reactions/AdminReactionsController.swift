import HTTP
import Storage

/// `/admin/reactions`: the reactions to committed changes (waitlists to serve, meals to refund,
/// payments to settle) that keep failing, with how often they were tried, the last error and the
/// next attempt, and how many are waiting in all. Administrators only.
struct AdminReactionsController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool

    func addRoutes(to admin: AdminRoutes) {
        admin.get("/reactions", use: index)
    }

    func index(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let (failing, pending) = try database.read { db in (try Outbox.failing(in: db), try Outbox.pendingCount(in: db)) }
        let page = AdminReactionsPageViewModel(failing: failing, pending: pending, text: renderer.texts(context))
        return try renderer.page("admin/reactions", page, context: context)
    }
}
