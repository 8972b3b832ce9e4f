import Secrets
import Storage

/// Recovering an account whose password is forgotten: a single-use link, valid 30 minutes, mailed
/// to the account's confirmed address (`password_resets`, by hashed token). Each link is bound to
/// the password it replaces (a digest of its hash), so it dies as soon as the password changes
/// by any means. Asking always answers the same, whatever the account; what is counted:
/// - per account: three mails in 15 minutes, then none until the window moves on — a stranger
///   asking for someone's account only fills that person's inbox with links that work, so the
///   owner is never kept from recovering;
/// - per client address: 20 requests in 15 minutes, then a wait (it says nothing of any account).
enum PasswordReset {
    /// How long a link works.
    static let validSeconds = 30 * 60
    /// Mails per account, and requests per client address, in `LoginThrottle.window`.
    static let mailsPerAccount = 3
    static let requestsPerAddress = 20

    /// What a request did (the page says the same for both).
    enum Outcome: Equatable {
        case answered
        /// Too many requests from the client's address: the seconds to wait.
        case wait(seconds: Int)
    }

    /// The digest a link keeps of the password hash it replaces.
    static func mark(of passwordHash: String) -> String { Token.sha256Hex("reset:" + passwordHash) }

    /// Handles "forgot password" for `login` (an account name, mobile number or e-mail address)
    /// from `address` (the client's): mails a link when the account has a confirmed address and
    /// has not had three in the window.
    static func request(login: String, from address: String, now: Int, in db: Database) throws -> Outcome {
        let client = LoginThrottle.Subject(scope: .recoveryAddress, value: String(address.prefix(64)))
        let wait = try LoginThrottle.secondsUntilBelow(requestsPerAddress, client, now: now, in: db)
        if wait > 0 { return .wait(seconds: wait) }
        try LoginThrottle.note(client, now: now, in: db)
        let trimmed = login.trimmed
        guard !trimmed.isEmpty, trimmed.count <= MailAddress.maximumLength else { return .answered }
        var user = try User.find(login: trimmed, in: db)
        if user == nil, let mail = MailAddress(trimmed) {
            let owners = try db.query(User.self, "SELECT \(User.columns) FROM users WHERE lower(email) = ? LIMIT 2", [mail.text.lowercased()])
            user = owners.count == 1 ? owners[0] : nil
        }
        guard let user, !user.isLocked, try db.queryOne("SELECT email FROM users WHERE id = ? AND email IS NOT NULL", [user.id]) != nil
        else { return .answered }
        let account = LoginThrottle.Subject(scope: .recovery, value: "user:\(user.id)")
        guard try LoginThrottle.count(account, now: now, in: db) < mailsPerAccount else { return .answered }
        try LoginThrottle.note(account, now: now, in: db)
        let token = Token.random()
        try db.run(
            "INSERT INTO password_resets (token_hash, user_id, password_mark, created_at) VALUES (?, ?, ?, ?)",
            [Token.sha256Hex(token), user.id, mark(of: user.passwordHash), now])
        var draft = Mail.Draft(.passwordReset)
        draft.secret = token
        try Mail.queue(draft, toUser: user.id, now: now, in: db)
        return .answered
    }

    /// The account a link's `token` resets at `now`, or nil when the link is unknown, used,
    /// expired, or its password has changed since.
    static func account(for token: String, now: Int, in db: Database) throws -> User? {
        guard !token.isEmpty, token.count <= 100,
            let row = try db.queryOne(
                "SELECT user_id, password_mark FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND created_at > ?",
                [Token.sha256Hex(token), now - validSeconds]),
            let user = try User.find(id: try row.int64("user_id"), in: db), !user.isLocked,
            try row.string("password_mark") == mark(of: user.passwordHash)
        else { return nil }
        return user
    }

    /// Sets the new password through the link `token`: the link is used up, every session of the
    /// account ends, earlier failures are forgotten and the account's address is told; returns
    /// the account, or nil when the link no longer works (nothing changed).
    static func complete(token: String, passwordHash: String, now: Int, in db: Database) throws -> User? {
        guard let user = try account(for: token, now: now, in: db),
            try db.run("UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL", [now, Token.sha256Hex(token)]) == 1
        else { return nil }
        try PasswordChange.apply(passwordHash: passwordHash, for: user, keeping: nil, now: now, in: db)
        return user
    }
}
