import Storage

/// The reactions waiting to be done (`outbox`): written by the transaction of the change that
/// calls for them, claimed in order of creation by the `ReactionDesk` of one server (`claimDue`),
/// each done in its own transaction together with being marked done, retried with a growing delay
/// when it fails. A claim runs out after `claimSeconds`; what a server that died was holding is
/// claimed by the next drain of any server, at once.
enum Outbox {
    /// Where an entry is: waiting to be done (and retried after failures), or done.
    enum Status: String, SQLBindable, Sendable {
        case pending
        case done
    }

    /// The entries one drain does: mail is sent by a drain of its own (`MailDelivery.drain`), so a
    /// slow relay never holds up the reactions a request waits for.
    enum Lane: Sendable {
        case reactions, mail

        fileprivate var condition: String { self == .mail ? "kind = 'send_mail'" : "kind <> 'send_mail'" }
    }

    /// One stored reaction.
    struct Entry: RowDecodable, Sendable {
        let id: Int64
        let kind: String
        let subjectID: Int64
        let detail: String
        let createdAt: Int
        let attempts: Int
        let nextAttemptAt: Int
        let lastError: String?

        static let columns = "id, kind, subject_id, detail, created_at, attempts, next_attempt_at, last_error"

        init(row: Row) throws {
            id = try row.int64("id")
            kind = try row.string("kind")
            subjectID = try row.int64("subject_id")
            detail = try row.string("detail")
            createdAt = try row.int("created_at")
            attempts = try row.int("attempts")
            nextAttemptAt = try row.int("next_attempt_at")
            lastError = try row.optionalString("last_error")
        }

        /// The reaction, when this version knows its kind.
        var reaction: Reaction? { Reaction(kind: kind, subjectID: subjectID, detail: detail) }
    }

    /// After this many failed attempts an entry is shown to administrators as failing.
    static let failingAfterAttempts = 3
    /// The longest wait between two attempts.
    static let longestRetryDelay = 3600

    /// How many reactions wait to be done, and how long the oldest of them has waited (0 for
    /// none); mail waits apart (`Mail.backlog`), since a relay that is down delays nothing else.
    static func backlog(now: Int, in db: Database) throws -> (waiting: Int, oldestSeconds: Int) {
        guard
            let row = try db.queryOne(
                "SELECT COUNT(*) AS waiting, MIN(created_at) AS oldest FROM outbox WHERE status = ? AND \(Lane.reactions.condition)",
                [Status.pending])
        else { return (0, 0) }
        let waiting: Int = try row.int("waiting")
        let oldest: Int? = try row.optionalInt("oldest")
        return (waiting, oldest.map { max(0, now - $0) } ?? 0)
    }

    /// Writes the reactions `events` call for, queues the mails they call for (`MailAboutEvents`)
    /// and takes back invoiced money refunded (`InvoiceCancellations`); call it in the transaction
    /// that caused the events.
    static func record(_ events: [any DomainEvent], now: Int, in db: Database) throws {
        for reaction in Reaction.reactions(to: events) { try add(reaction, now: now, in: db) }
        try MailAboutEvents.queue(for: events, now: now, in: db)
        try InvoiceCancellations.issue(for: events, now: now, in: db)
    }

    /// Writes one reaction; call it in the transaction of the change that calls for it.
    static func add(_ reaction: Reaction, now: Int, in db: Database) throws {
        let stored = reaction.stored
        try db.run(
            """
            INSERT INTO outbox (kind, subject_id, detail, created_at, status, attempts, next_attempt_at)
            VALUES (?, ?, ?, ?, ?, 0, ?)
            """, [stored.kind, stored.subjectID, stored.detail, now, Status.pending, now])
    }

    /// `events` after writing the reactions they call for (`record`), for a write's closure to return.
    static func recording<Events: Sequence>(_ events: Events, now: Int, in db: Database) throws -> Events where Events.Element == any DomainEvent {
        try record(Array(events), now: now, in: db)
        return events
    }

    /// Which pending entries are due at a time bound twice: never tried yet (recorded by a
    /// change, due at once whatever clock the server that recorded it had), or a retry whose
    /// time has come, or one dated further ahead than the longest retry delay (by a server whose
    /// clock ran ahead).
    private static let dueCondition = "(attempts = 0 OR next_attempt_at <= ? OR next_attempt_at - \(longestRetryDelay) > ?)"

    /// The pending entries of `lane` due at `now`, oldest first.
    static func due(now: Int, limit: Int = 100, lane: Lane = .reactions, in db: Database) throws -> [Entry] {
        try db.query(
            Entry.self,
            """
            SELECT \(Entry.columns) FROM outbox WHERE status = ? AND \(lane.condition) AND \(dueCondition) ORDER BY id LIMIT ?
            """, [Status.pending, now, now, limit])
    }

    /// How long a claim on an entry lasts: far longer than a reaction takes.
    static let claimSeconds = 20

    /// Claims for `holder`, for `claimSeconds` by the database's clock, up to `limit` pending
    /// entries due at `now` that nobody holds, oldest first: unclaimed, their claim run out or
    /// dated ahead (a server whose clock ran ahead), or their holder gone (`WorkHolders`: a server
    /// killed while it held them, taken over at once); returns the entries `holder` holds. Of two
    /// servers claiming at once, the guarded UPDATE gives each entry to one: the other's UPDATE
    /// waits for the row, then finds it claimed and leaves it.
    static func claimDue(holder: String, now: Int, limit: Int = 20, lane: Lane = .reactions, in db: Database) throws -> [Entry] {
        let clock = db.dialect.currentTimeSQL
        let gone = WorkHolders.goneCondition("claimed_by", in: db.dialect)
        let free = "(claimed_until IS NULL OR claimed_until < \(clock) OR claimed_until > \(clock) + \(claimSeconds) OR \(gone.sql))"
        try db.run(
            """
            UPDATE outbox SET claimed_by = ?, claimed_until = \(clock) + \(claimSeconds)
            WHERE id IN (SELECT id FROM outbox WHERE status = ? AND \(lane.condition) AND \(dueCondition) AND \(free) ORDER BY id LIMIT ?)
                AND status = ? AND \(free)
            """, [holder, Status.pending, now, now, gone.value, limit, Status.pending, gone.value])
        return try db.query(
            Entry.self,
            """
            SELECT \(Entry.columns) FROM outbox
            WHERE status = ? AND \(lane.condition) AND claimed_by = ? AND claimed_until >= \(clock) ORDER BY id
            """, [Status.pending, holder])
    }

    /// Renews `holder`'s claim on entry `id` for `claimSeconds` from now (the database's clock);
    /// false when `holder` no longer holds it (its claim ran out and another took it).
    static func renewClaim(_ id: Int64, holder: String, in db: Database) throws -> Bool {
        try db.run(
            "UPDATE outbox SET claimed_until = \(db.dialect.currentTimeSQL) + \(claimSeconds) WHERE id = ? AND claimed_by = ? AND status = ?",
            [id, holder, Status.pending]) == 1
    }

    /// Marks entry `id` done if it is still pending; false when it was done already (by someone else).
    static func markDone(_ id: Int64, now: Int, in db: Database) throws -> Bool {
        try db.run("UPDATE outbox SET status = ?, done_at = ? WHERE id = ? AND status = ?", [Status.done, now, id, Status.pending]) == 1
    }

    /// Records a failed attempt at entry `id`: it is tried again after 1 s, 2 s, 4 s… up to an
    /// hour, by whichever server claims it then.
    static func recordFailure(_ id: Int64, error: String, now: Int, in db: Database) throws {
        try db.run(
            """
            UPDATE outbox SET attempts = attempts + 1, last_error = ?, claimed_by = NULL, claimed_until = NULL,
                next_attempt_at = ? + CASE WHEN attempts >= 12 THEN ? ELSE (CAST(1 AS BIGINT) << CAST(attempts AS INTEGER)) END
            WHERE id = ? AND status = ?
            """, [String(error.prefix(500)), now, longestRetryDelay, id, Status.pending])
    }

    /// Entries that failed at least `failingAfterAttempts` times and are still pending, oldest first.
    static func failing(in db: Database) throws -> [Entry] {
        try db.query(
            Entry.self, "SELECT \(Entry.columns) FROM outbox WHERE status = ? AND attempts >= ? ORDER BY id",
            [Status.pending, failingAfterAttempts])
    }

    /// How many entries are pending.
    static func pendingCount(in db: Database) throws -> Int {
        try db.queryOne("SELECT COUNT(*) AS n FROM outbox WHERE status = ?", [Status.pending])?.int("n") ?? 0
    }

    /// Forgets entries done more than a week ago (the hourly clean-up).
    static func purgeDone(now: Int, in db: Database) throws {
        try db.run("DELETE FROM outbox WHERE status = ? AND done_at < ?", [Status.done, now - 7 * 86_400])
    }
}
