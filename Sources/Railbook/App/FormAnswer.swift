import Storage

/// Where a form that changed something sent its sender, kept under the form's key (`FormKey`) and
/// the account, in the transaction of the change: a form sent again with that key gets the same
/// answer and changes nothing.
///
/// `claim` comes first in the transaction. On PostgreSQL (read committed) its insert waits for a
/// transaction that claimed the same key to end, so two sendings at once are done one after the
/// other and the second finds the first's answer; on SQLite writers take turns anyway.
enum FormAnswer {
    /// The answer of a form sent before with the same key, thrown by `claim`.
    struct Earlier: Error, Equatable {
        /// Where the first sending was sent: answer this one with a redirect there.
        let location: String
    }

    /// How long an answer is kept: a form sent again later is taken as new.
    static let keptSeconds = 24 * 3600

    /// Claims `key` for `userID`, or throws `Earlier` with the answer of the form sent with it
    /// before. Nothing to do without a key.
    static func claim(_ key: FormKey?, userID: Int64, now: Int, in db: Database) throws {
        guard let key else { return }
        let claimed = try db.run(
            """
            INSERT INTO form_answers (user_id, form_key, location, answered_at) VALUES (?, ?, '', ?)
            ON CONFLICT (user_id, form_key) DO NOTHING
            """, [userID, key.value, now])
        if claimed == 1 { return }
        let earlier = try db.queryOne("SELECT location FROM form_answers WHERE user_id = ? AND form_key = ?", [userID, key.value])
        let location = try earlier?.string("location") ?? ""
        throw Earlier(location: location.isEmpty ? "/" : location)
    }

    /// Keeps `location` as the answer to the form sent with `key`, claimed earlier in this transaction.
    static func record(_ location: String, for key: FormKey?, userID: Int64, in db: Database) throws {
        guard let key else { return }
        try db.run("UPDATE form_answers SET location = ? WHERE user_id = ? AND form_key = ?", [location, userID, key.value])
    }

    /// Runs `write` (a transaction that starts with `claim(key, …)`) and, when the database was
    /// lost during its commit so that whether it was kept is unknown, runs it once more: the claim
    /// then finds the answer of the first run if it was kept (thrown as `Earlier`), or the change is
    /// made now. Without a key nothing could tell the two apart, so the unknown outcome is thrown
    /// (answered 503, asking the traveller to send the form again).
    static func once<T>(_ key: FormKey?, _ write: () throws -> T) throws -> T {
        do {
            return try write()
        } catch let error as DatabaseError where error.isOutcomeUnknown && key != nil {
            return try write()
        }
    }

    /// Forgets answers older than `keptSeconds`.
    static func prune(now: Int, in db: Database) throws {
        try db.run("DELETE FROM form_answers WHERE answered_at < ?", [now - keptSeconds])
    }
}
