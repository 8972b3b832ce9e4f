import Mustache

/// The account search of the back office (`admin/users`): the query, the accounts found (the
/// administrator's own marked, so its buttons are left out) and a notice or alert.
struct AdminUsersPageViewModel: MustacheRenderable {
    /// The query as searched (trimmed, at most 50 characters); empty before any search.
    let query: String
    let users: [User]
    /// The administrator looking.
    let selfID: Int64?
    let noticeKey: String?
    let alertKey: String?
    let renderer: PageRenderer
    let context: AppContext

    var mustacheValue: MustacheValue {
        .object([
            "q": .string(query),
            "searched": .bool(!query.isEmpty),
            "hasUsers": .bool(!users.isEmpty),
            "users": .list(users.map(row)),
            "notice": noticeKey.map { .string(renderer.text($0, context)) } ?? .null,
            "alert": alertKey.map { .string(renderer.text($0, context)) } ?? .null,
        ])
    }

    private func row(_ user: User) -> MustacheValue {
        .object([
            "id": .string(String(user.id)), "account": .string(user.account), "name": .string(user.name),
            "mobile": .string(user.mobile.map(Masking.mobile) ?? "—"),
            "authority": .string(user.authority.rawValue),
            "authorityText": .string(renderer.text(user.authority == .admin ? "admin_users_authority_admin" : "admin_users_authority_user", context)),
            "locked": .string(user.isLocked ? "yes" : "no"),
            "lockedText": .string(renderer.text(user.isLocked ? "admin_users_locked_yes" : "admin_users_locked_no", context)),
            "isLocked": .bool(user.isLocked), "isAdmin": .bool(user.isAdmin), "isSelf": .bool(user.id == selfID),
        ])
    }
}
