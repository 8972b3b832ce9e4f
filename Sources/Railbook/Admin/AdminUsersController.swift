import HTTP
import Storage

/// `/admin/users`: finds accounts by account name, mobile number or name, and locks, unlocks,
/// grants or revokes the administrator authority (`POST /admin/users/:id/lock` and so on).
/// Administrators never change their own account here.
struct AdminUsersController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool

    /// Registers the routes on the `admin` group.
    func addRoutes(to admin: AdminRoutes) {
        admin.get("/users", use: list)
        for change in UserAdministration.Change.allCases {
            admin.post("/users/:id/\(change.rawValue)") { request, context in try apply(change, request, &context) }
        }
    }

    func list(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let notice = request.query["notice"].flatMap(UserAdministration.Change.init(rawValue:))
        return try page(query: request.query["q"] ?? "", noticeKey: notice.map(Self.noticeKey), alertKey: nil, request, &context)
    }

    func apply(_ change: UserAdministration.Change, _ request: Request, _ context: inout AdminContext) throws -> Response {
        let administrator = context.user
        let query = request.form["q"] ?? ""
        let targetID = try context.parameters.require("id", as: Int64.self)
        do {
            let changed = try database.write { db in
                try UserAdministration.apply(change, to: targetID, by: administrator.id, now: context.now, in: db)
            }
            guard changed != nil else { throw HTTPError(.notFound) }
        } catch UserAdministration.Refusal.ownAccount {
            return try page(query: query, noticeKey: nil, alertKey: "admin_users_refused_own", request, &context, status: .conflict)
        }
        return .redirect(to: "/admin/users?q=\(PercentEncoding.encode(query))&notice=\(change.rawValue)")
    }

    private func page(
        query: String, noticeKey: String?, alertKey: String?, _ request: Request, _ context: inout AdminContext,
        status: Status = .ok
    ) throws -> Response {
        let trimmed = String(query.trimmingCharacters(in: " ").prefix(50))
        let users = trimmed.isEmpty ? [] : try database.read { try UserAdministration.search(trimmed, in: $0) }
        let page = AdminUsersPageViewModel(
            query: trimmed, users: users, selfID: context.user.id, noticeKey: noticeKey, alertKey: alertKey,
            text: renderer.texts(context))
        return try renderer.formPage("admin/users", page, context: &context, status: status)
    }

    /// What the list says once `change` was made.
    private static func noticeKey(_ change: UserAdministration.Change) -> String {
        switch change {
        case .lock: "admin_users_notice_lock"
        case .unlock: "admin_users_notice_unlock"
        case .grantAdmin: "admin_users_notice_grant-admin"
        case .revokeAdmin: "admin_users_notice_revoke-admin"
        }
    }
}
