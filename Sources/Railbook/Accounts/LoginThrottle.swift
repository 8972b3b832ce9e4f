import SQLite

/// Slows down password guessing: after 5 failures for one login or from one address within
/// 15 minutes, further attempts are refused until the oldest of those failures is 15 minutes old.
enum LoginThrottle {
    static let limit = 5
    static let window = 15 * 60

    /// Seconds until another attempt is allowed, or 0 when one is allowed now.
    static func waitSeconds(login: String, address: String, now: Int, in db: Database) throws -> Int {
        let since = Int64(now - window)
        var wait = 0
        for (column, value) in [("login_key", login.lowercased()), ("address", address)] where !value.isEmpty {
            let rows = try db.query("""
                SELECT failed_at FROM login_failures WHERE \(column) = ? AND failed_at > ? ORDER BY failed_at DESC LIMIT \(limit)
                """, [.text(value), .integer(since)])
            if rows.count >= limit, let oldest = rows.last {
                wait = max(wait, try oldest.int("failed_at") + window - now)
            }
        }
        return wait
    }

    /// Records a failed attempt.
    static func recordFailure(login: String, address: String, now: Int, in db: Database) throws {
        try db.run("INSERT INTO login_failures (login_key, address, failed_at) VALUES (?, ?, ?)",
                   [.text(String(login.lowercased().prefix(30))), .text(address), .integer(Int64(now))])
        try db.run("DELETE FROM login_failures WHERE failed_at < ?", [.integer(Int64(now - window))])
    }

    /// Forgets the failures of a login after it succeeded.
    static func clear(login: String, in db: Database) throws {
        try db.run("DELETE FROM login_failures WHERE login_key = ?", [.text(login.lowercased())])
    }
}
