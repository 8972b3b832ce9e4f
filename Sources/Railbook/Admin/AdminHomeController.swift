import HTTP
import Mustache
import SQLite

/// `/admin`: the administration home with links to every desk, and `/admin/audit`: the audit log.
/// Everything under `/admin` is for administrators only; anyone else gets a 404.
struct AdminHomeController: Controller {
    let renderer: PageRenderer
    let database: DatabasePool

    func addRoutes(to admin: RouteGroup<AppContext>) {
        admin.get("") { request, context in try renderer.page("admin/index", context: context) }
        admin.get("/audit") { request, context in try audit(request, context) }
    }

    func audit(_ request: Request, _ context: AppContext) throws -> Response {
        let page = max(1, min(1000, Int(request.query["page"] ?? "") ?? 1))
        let entries = try database.read { try AuditLog.recent(limit: 50, offset: (page - 1) * 50, in: $0) }
        let wording = AuditText(messages: renderer.messages, language: context.language)
        return try renderer.page("admin/audit", [
            "entries": .list(entries.map { entry in
                .object([
                    "id": .string(String(entry.id)), "account": .string(entry.account), "action": .string(entry.action),
                    "actionText": .string(wording.action(entry.action)), "subject": .string(wording.subject(entry.subject)),
                    "before": .string(wording.details(entry.before)), "after": .string(wording.details(entry.after)),
                    "time": .string(ChinaTime.date(at: entry.createdAt).description + " "
                                    + ClockTime.format((entry.createdAt + ChinaTime.offsetSeconds) / 60)),
                ])
            }),
            "hasEntries": .bool(!entries.isEmpty),
            "nextHref": entries.count == 50 ? .string("/admin/audit?page=\(page + 1)") : .null,
            "previousHref": page > 1 ? .string("/admin/audit?page=\(page - 1)") : .null,
        ], context: context)
    }
}
