import HTTP
import Storage

/// `/admin`: the administration home with links to every desk, and `/admin/audit`: the audit log.
/// Everything under `/admin` is for administrators only; anyone else gets a 404.
struct AdminHomeController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool

    func addRoutes(to admin: AdminRoutes) {
        admin.get("", use: index)
        admin.get("/audit", use: audit)
    }

    /// The back office's front page: what there is to run.
    func index(_ request: Request, _ context: inout AdminContext) throws -> Response {
        try renderer.page("admin/index", context: context)
    }

    func audit(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let page = max(1, min(1000, Int(request.query["page"] ?? "") ?? 1))
        let size = AuditPageViewModel.pageSize
        let entries = try database.read { try AuditLog.recent(limit: size, offset: (page - 1) * size, in: $0) }
        return try renderer.page("admin/audit", AuditPageViewModel(entries: entries, page: page, text: renderer.texts(context)), context: context)
    }
}
