import Storage

/// A change that servers' caches depend on, announced to every server through the database: a
/// row in `cache_changes`, written in the change's own transaction with that transaction's id, and
/// a `NOTIFY` on `railbook_cache` sent once it has committed (`notifyAfterCommit`: from outside
/// the transaction, so committing never waits on PostgreSQL's notification queue, and many commits
/// at once notify once). Each server's `CacheFollower` forgets or reloads exactly what changed. On
/// SQLite, whose one process is told directly by its own code, nothing is written.
enum CacheChange: Equatable, Sendable {
    /// The seats of one run were sold or released: its counts are forgotten.
    case seats(runID: Int64)
    /// A running report of one run was stored: its reports are forgotten.
    case running(runID: Int64)
    /// Runs were created, cancelled or delayed: the run directory is forgotten.
    case runs
    /// Stations, trains, stops, coaches or fares changed: the timetable is read again.
    case timetable

    /// The notification channel.
    static let channel = "railbook_cache"

    /// The database's own clock in Unix seconds (PostgreSQL), so servers' clocks never matter.
    private static let databaseTime = "CAST(EXTRACT(EPOCH FROM CURRENT_TIMESTAMP) AS BIGINT)"

    /// Records the change in the transaction of `db`, for the other servers (PostgreSQL only).
    static func announce(_ change: CacheChange, in db: Database) throws {
        guard db.dialect == .postgresql else { return }
        try db.run(
            "INSERT INTO cache_changes (kind, run_id, changed_at, transaction_id) VALUES (?, ?, \(databaseTime), txid_current())",
            [change.kind, change.runID])
        db.notifyAfterCommit(channel)
    }

    /// A reading of the change log: the changes of the transactions not known finished at the last
    /// reading, and the point the next one starts from.
    struct Reading {
        /// The changes with their ids, oldest first.
        let changes: [(id: Int64, transactionID: Int64, change: CacheChange)]
        /// Every transaction with a smaller id had finished when this reading was taken, so its
        /// changes are all in this reading or an earlier one.
        let finishedBefore: Int64
    }

    /// The changes of the transactions from id `transactionID` on that have committed, in one
    /// snapshot with the oldest transaction still running then: a transaction that took its id
    /// before another but committed after it is read the next time, never skipped.
    static func read(fromTransaction transactionID: Int64, in db: Database) throws -> Reading {
        try db.read { db in
            guard let horizon = try db.queryOne("SELECT txid_snapshot_xmin(txid_current_snapshot()) AS xmin")?.int64("xmin") else {
                throw RowDecodingError(message: "no snapshot")
            }
            let changes = try db.query(
                """
                SELECT id, transaction_id, kind, run_id FROM cache_changes WHERE transaction_id >= ? ORDER BY id
                """, [transactionID]
            ).compactMap { row in
                let change: CacheChange? =
                    switch try row.string("kind") {
                    case "seats": try row.optionalInt64("run_id").map { .seats(runID: $0) }
                    case "running": try row.optionalInt64("run_id").map { .running(runID: $0) }
                    case "runs": .runs
                    case "timetable": .timetable
                    default: nil
                    }
                return try change.map { (try row.int64("id"), try row.int64("transaction_id"), $0) }
            }
            return Reading(changes: changes, finishedBefore: horizon)
        }
    }

    /// Deletes the changes older than `seconds`: every server has long since read them.
    static func prune(olderThan seconds: Int, in db: Database) throws {
        guard db.dialect == .postgresql else { return }
        try db.run("DELETE FROM cache_changes WHERE changed_at < \(databaseTime) - ?", [seconds])
    }

    private var kind: String {
        switch self {
        case .seats: "seats"
        case .running: "running"
        case .runs: "runs"
        case .timetable: "timetable"
        }
    }

    private var runID: Int64? {
        switch self {
        case .seats(let runID), .running(let runID): runID
        case .runs, .timetable: nil
        }
    }
}
