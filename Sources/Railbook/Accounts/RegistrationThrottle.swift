import Storage

/// Limits registrations per client address: `limit` registration forms free of mistakes an hour
/// (each is checked against the accounts, documents and mobile numbers already registered), so the
/// "already registered" answers cannot be used to find out at speed who has an account. A form
/// with mistakes of its own is answered without being counted.
enum RegistrationThrottle {
    static let limit = 10
    static let window = 3600

    /// Counts one attempt from `address` unless it is over the limit; returns the attempt's id, or the wait.
    static func record(address: String, now: Int, in db: Database) throws -> Result<Int64, LoginThrottle.Wait> {
        let times = try db.query(
            """
            SELECT attempted_at FROM login_attempts WHERE scope = 'registration' AND subject = ? AND attempted_at > ?
            ORDER BY attempted_at DESC
            """, [address, now - window]
        ).map { try $0.int("attempted_at") }
        if times.count >= limit { return .failure(LoginThrottle.Wait(seconds: max(1, times[limit - 1] + window - now))) }
        let attemptID = try db.insert(
            "INSERT INTO login_attempts (scope, subject, attempted_at, outcome) VALUES ('registration', ?, ?, 'done') RETURNING id",
            [address, now])
        return .success(attemptID)
    }

    /// Takes back an attempt that was never checked (the site was too busy).
    static func forget(_ id: Int64, in db: Database) throws {
        try db.run("DELETE FROM login_attempts WHERE id = ?", [id])
    }
}
