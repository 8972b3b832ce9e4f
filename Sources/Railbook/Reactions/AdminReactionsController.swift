import HTTP
import Mustache
import SQLite

/// `/admin/reactions`: the reactions to committed changes (waitlists to serve, meals to refund,
/// payments to settle) that keep failing, with how often they were tried, the last error and the
/// next attempt, and how many are waiting in all. Administrators only.
struct AdminReactionsController {
    let renderer: PageRenderer
    let database: DatabasePool

    func addRoutes(to admin: RouteGroup<AppContext>) {
        admin.get("/reactions") { request, context in try index(request, context) }
    }

    func index(_ request: Request, _ context: AppContext) throws -> Response {
        let (failing, pending) = try database.read { db in (try Outbox.failing(in: db), try Outbox.pendingCount(in: db)) }
        return try renderer.render("admin/reactions", [
            "pending": .string(String(pending)),
            "hasFailing": .bool(!failing.isEmpty),
            "failing": .list(failing.map { entry in
                .object([
                    "id": .string(String(entry.id)),
                    "kind": .string(entry.kind),
                    "kindText": .string(renderer.text("reaction_kind_" + entry.kind, context)),
                    "subject": .string(String(entry.subjectID) + (entry.detail.isEmpty ? "" : " · " + entry.detail)),
                    "attempts": .string(String(entry.attempts)),
                    "error": .string(entry.lastError ?? ""),
                    "created": .string(Self.time(entry.createdAt)),
                    "next": .string(Self.time(entry.nextAttemptAt)),
                ])
            }),
        ], request: request, context: context)
    }

    private static func time(_ unixTime: Int) -> String {
        ChinaTime.date(at: unixTime).description + " " + ClockTime.format((unixTime + ChinaTime.offsetSeconds) / 60)
    }
}
