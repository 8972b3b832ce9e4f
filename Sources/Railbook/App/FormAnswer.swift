import Storage

/// Where a form that changed something sent its sender, kept under the form's key (`FormKey`) and
/// the account, in the transaction of the change: a form sent again with that key gets the same
/// answer and changes nothing.
///
/// `write` claims the key first in the transaction. On PostgreSQL (read committed) the claim's insert
/// waits for a transaction that claimed the same key to end, so two sendings at once are done one
/// after the other and the second finds the first's answer; on SQLite writers take turns anyway.
/// The earlier answer is returned, not thrown, so a write that found it commits like any other: in
/// a SQLite group commit that fails, it gets the failure too, never an answer that was not kept.
enum FormAnswer {
    /// What a transaction run for a form did.
    enum Sending<Done> {
        /// The form was sent before with the same key: answer with a redirect to `location`.
        case answeredBefore(location: String)
        /// This sending made the change.
        case done(Done)

        /// What the change did, when this sending made it.
        fileprivate var done: Done? {
            if case .done(let done) = self { return done }
            return nil
        }
    }

    /// How long an answer is kept: a form sent again later is taken as new.
    static let keptSeconds = 24 * 3600

    /// The write transaction of a form sent with `key` by `userID`: claims the key, runs `change`
    /// and keeps the page `location` gives for its result as the form's answer, recording the
    /// reactions to what `events` gives (as `DatabasePool.write(recordingEvents:)`); or, when the
    /// key was claimed before, returns that answer and changes nothing. Without a key it only runs
    /// `change`.
    ///
    /// When the database was lost during the commit, so that whether it was kept is unknown, the
    /// transaction runs once more (logged): the claim then finds the first run's answer if it was
    /// kept, or the change is made now. Without a key nothing could tell the two apart, so the
    /// unknown outcome is thrown (answered 503). The second run's claim waits for a first
    /// transaction still committing at most the lock timeout (5 s); past it the answer is "busy,
    /// try again" (503), and the form sent again later gets the first answer.
    static func write<Done>(
        _ key: FormKey?, userID: Int64, now: Int, to database: DatabasePool,
        recordingEvents events: (Done) -> [any DomainEvent] = { _ in [] }, answer location: (Done) -> String,
        _ change: (Database) throws -> Done
    ) throws -> Sending<Done> {
        func transaction() throws -> Sending<Done> {
            try database.write(recordingEvents: { $0.done.map(events) ?? [] }, now: now) { db in
                try run(key, userID: userID, now: now, in: db, answer: location) { try change(db) }
            }
        }
        do {
            return try transaction()
        } catch let error as DatabaseError where error.isOutcomeUnknown && key != nil {
            ServerLog.write("outcome unknown, running the form's transaction again: \(error)")
            return try transaction()
        }
    }

    /// In the caller's transaction: the earlier answer to `key`, or `change` done and its answer kept.
    private static func run<Done>(
        _ key: FormKey?, userID: Int64, now: Int, in db: Database, answer location: (Done) -> String, _ change: () throws -> Done
    ) throws -> Sending<Done> {
        if let earlier = try claim(key, userID: userID, now: now, in: db) { return .answeredBefore(location: earlier) }
        let done = try change()
        if let key {
            try db.run("UPDATE form_answers SET location = ? WHERE user_id = ? AND form_key = ?", [location(done), userID, key.value])
        }
        return .done(done)
    }

    /// Claims `key` for `userID`; the answer of the form sent with it before, when there was one.
    private static func claim(_ key: FormKey?, userID: Int64, now: Int, in db: Database) throws -> String? {
        guard let key else { return nil }
        let claimed = try db.run(
            """
            INSERT INTO form_answers (user_id, form_key, location, answered_at) VALUES (?, ?, '', ?)
            ON CONFLICT (user_id, form_key) DO NOTHING
            """, [userID, key.value, now])
        if claimed == 1 { return nil }
        let earlier = try db.queryOne("SELECT location FROM form_answers WHERE user_id = ? AND form_key = ?", [userID, key.value])
        let location = try earlier?.string("location") ?? ""
        return location.isEmpty ? "/" : location
    }

    /// Forgets answers older than `keptSeconds`.
    static func prune(now: Int, in db: Database) throws {
        try db.run("DELETE FROM form_answers WHERE answered_at < ?", [now - keptSeconds])
    }
}
