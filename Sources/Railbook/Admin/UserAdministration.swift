import Storage

/// What administrators do to accounts: find them, lock and unlock them, grant and revoke the
/// administrator authority. Every change is recorded in the audit log in the same transaction.
enum UserAdministration {
    /// Why a change was refused.
    enum Refusal: Error, Equatable {
        /// Administrators may not lock themselves out or change their own authority.
        case ownAccount
    }

    /// A change to an account.
    enum Change: String, CaseIterable, Sendable {
        case lock, unlock
        case grantAdmin = "grant-admin"
        case revokeAdmin = "revoke-admin"

        /// The audit action, like "user.lock".
        var auditAction: String { "user." + rawValue }
    }

    /// At most this many accounts are listed for one search.
    static let searchLimit = 50

    /// Accounts whose account name, mobile number or name contains `query`, by account name.
    static func search(_ query: String, in db: Database) throws -> [User] {
        let escaped = query.map { "\\%_".contains($0) ? "\\\($0)" : String($0) }.joined()
        let pattern = "%" + escaped + "%"
        return try db.query(
            User.self,
            """
            SELECT \(User.columns) FROM users
            WHERE lower(account) LIKE lower(?1) ESCAPE '\\' OR lower(mobile) LIKE lower(?1) ESCAPE '\\' OR lower(name) LIKE lower(?1) ESCAPE '\\'
            ORDER BY account_key LIMIT ?2
            """, [pattern, searchLimit])
    }

    /// Applies `change` to user `targetID` on behalf of administrator `adminID`; returns the user
    /// as it was, or nil when there is no such user. Locking ends all the user's sessions at once.
    @discardableResult
    static func apply(_ change: Change, to targetID: Int64, by adminID: Int64, now: Int, in db: Database) throws -> User? {
        guard let user = try User.find(id: targetID, in: db) else { return nil }
        guard user.id != adminID else { throw Refusal.ownAccount }
        let before = description(of: user)
        switch change {
        case .lock:
            try db.run("UPDATE users SET is_locked = 1 WHERE id = ?", [user.id])
            try Session.endAll(for: user.id, except: nil, in: db)
        case .unlock:
            try db.run("UPDATE users SET is_locked = 0 WHERE id = ?", [user.id])
        case .grantAdmin, .revokeAdmin:
            let authority: User.Authority = change == .grantAdmin ? .admin : .user
            try db.run("UPDATE users SET authority = ? WHERE id = ?", [authority.rawValue, user.id])
        }
        let after = try User.find(id: user.id, in: db).map(description(of:)) ?? ""
        try AuditLog.record(
            userID: adminID, action: change.auditAction, subject: "user \(user.account)", before: before, after: after,
            now: now, in: db)
        return user
    }

    /// `authority=user, locked=no`: the parts of an account these changes touch.
    private static func description(of user: User) -> String {
        "authority=\(user.authority.rawValue), locked=\(user.isLocked ? "yes" : "no")"
    }
}
