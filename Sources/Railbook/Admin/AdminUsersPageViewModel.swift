/// The account search of the back office (`admin/users`): the query, the accounts found (the
/// administrator's own marked, so its buttons are left out) and a notice or alert.
struct AdminUsersPageViewModel: Encodable {
    /// One account found.
    struct Row: Encodable {
        let id: String
        let account: String
        let name: String
        /// The mobile number masked, or a dash.
        let mobile: String
        /// `user` or `admin`.
        let authority: String
        let authorityText: String
        /// `yes` or `no`.
        let locked: String
        let lockedText: String
        let isLocked: Bool
        let isAdmin: Bool
        /// True for the administrator's own account.
        let isSelf: Bool
    }

    /// The query as searched (trimmed, at most 50 characters); empty before any search.
    let q: String
    let searched: Bool
    let hasUsers: Bool
    let users: [Row]
    let notice: String?
    let alert: String?

    /// The `users` found for `query`, the account `selfID` being the administrator's own;
    /// `noticeKey` and `alertKey` are the message-catalog keys of what the page says above, if anything.
    init(query: String, users: [User], selfID: Int64?, noticeKey: String?, alertKey: String?, text: TextLookup) {
        q = query
        searched = !query.isEmpty
        hasUsers = !users.isEmpty
        self.users = users.map { user in
            Row(
                id: String(user.id), account: user.account, name: user.name, mobile: user.mobile.map(Masking.mobile) ?? "—",
                authority: user.authority.rawValue,
                authorityText: text(user.authority == .admin ? "admin_users_authority_admin" : "admin_users_authority_user"),
                locked: user.isLocked ? "yes" : "no", lockedText: text(user.isLocked ? "admin_users_locked_yes" : "admin_users_locked_no"),
                isLocked: user.isLocked, isAdmin: user.isAdmin, isSelf: user.id == selfID)
        }
        notice = noticeKey.map { text($0) }
        alert = alertKey.map { text($0) }
    }
}
