import Secrets
import Storage

/// A logged-in browser. The cookie holds a random 256-bit token; the database only its SHA-256,
/// so a stolen database does not log anyone in. Sessions end after 30 idle minutes, or 7 days
/// when the user asked to stay logged in.
struct Session: Sendable {
    static let cookieName = "session"

    /// True when `cookies` carry a session token, known or not (nothing is looked up).
    static func isCarried(in cookies: [String: String]) -> Bool {
        !(cookies[cookieName] ?? "").isEmpty
    }
    static let idleLifetime = 30 * 60
    static let persistentLifetime = 7 * 86_400
    /// Activity is noted at most this often (`SessionActivity`), so browsing does not note every page.
    static let touchInterval = 60

    let tokenHash: String
    let userID: Int64
    let lastSeenAt: Int
    let isPersistent: Bool

    var lifetime: Int { isPersistent ? Session.persistentLifetime : Session.idleLifetime }

    /// Starts a session for `userID` and returns the token for the cookie.
    static func start(for userID: Int64, persistent: Bool, now: Int, in db: Database) throws -> String {
        let token = Token.random()
        try db.run(
            """
            INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, is_persistent) VALUES (?, ?, ?, ?, ?)
            """, [Token.sha256Hex(token), userID, now, now, persistent ? 1 : 0])
        return token
    }

    private static let findSQL = """
        SELECT s.token_hash, s.user_id, s.last_seen_at, s.is_persistent, \(User.columns.prefixed("u.")),
               (SELECT COUNT(*) FROM notices n WHERE n.user_id = s.user_id AND n.read_at IS NULL) AS unread_notices
        FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?
        """

    /// The live session for a cookie token, its user and how many of the user's notices are unread;
    /// nil when unknown, expired or the user is locked. Activity this server saw but has not yet
    /// written (`SessionActivity`) counts as much as the stored time.
    static func find(
        token: String, now: Int, activity: SessionActivity,
        in db: Database
    ) throws -> (session: Session, user: User, unreadNotices: Int)? {
        guard let row = try db.queryOne(findSQL, [Token.sha256Hex(token)]) else { return nil }
        let tokenHash = try row.string("token_hash")
        let stored = try row.int("last_seen_at")
        let session = Session(
            tokenHash: tokenHash, userID: try row.int64("user_id"),
            lastSeenAt: max(stored, activity.lastSeen(tokenHash) ?? stored),
            isPersistent: try row.bool("is_persistent"))
        let user = try User(row: row)
        guard now - session.lastSeenAt < session.lifetime, !user.isLocked else { return nil }
        return (session, user, try row.int("unread_notices"))
    }

    /// Ends one session.
    static func end(tokenHash: String, in db: Database) throws {
        try db.run("DELETE FROM sessions WHERE token_hash = ?", [tokenHash])
    }

    /// Ends every session of a user except `kept` (for example after a password change).
    static func endAll(for userID: Int64, except kept: String?, in db: Database) throws {
        try db.run("DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?", [userID, kept ?? ""])
    }

    /// Deletes sessions idle past their lifetime.
    static func purgeExpired(now: Int, in db: Database) throws {
        try db.run(
            """
            DELETE FROM sessions WHERE (is_persistent = 0 AND last_seen_at < ?) OR last_seen_at < ?
            """, [now - idleLifetime, now - persistentLifetime])
    }
}

extension String {
    /// A comma-separated column list with every column prefixed (`id, name` → `u.id, u.name`).
    func prefixed(_ prefix: String) -> String {
        split(separator: ",").map { prefix + $0.trimmingCharacters(in: " ") }.joined(separator: ", ")
    }
}
