import Storage

/// A change that servers' caches depend on, announced to every server through the database: a
/// row in `cache_changes`, written in the change's own transaction, and a `NOTIFY` on
/// `railbook_cache` that PostgreSQL delivers only when that transaction commits. Each server's
/// `CacheFollower` forgets or reloads exactly what changed. On SQLite, whose one process is told
/// directly by its own code, nothing is written.
enum CacheChange: Equatable, Sendable {
    /// The seats of one run were sold or released: its counts are forgotten.
    case seats(runID: Int64)
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
        try db.run("INSERT INTO cache_changes (kind, run_id, changed_at) VALUES (?, ?, \(databaseTime))", [change.kind, change.runID])
        try db.run("SELECT pg_notify(?, '')", [channel]) // one notification per transaction: PostgreSQL folds repeats
    }

    /// The changes recorded in the last `seconds` (by the database's clock), with their ids, oldest first.
    static func recorded(inTheLast seconds: Int, in db: Database) throws -> [(id: Int64, change: CacheChange)] {
        try db.query("""
            SELECT id, kind, run_id FROM cache_changes WHERE changed_at >= \(databaseTime) - ? ORDER BY id
            """, [seconds]).compactMap { row in
            let change: CacheChange? = switch try row.string("kind") {
            case "seats": try row.optionalInt64("run_id").map { .seats(runID: $0) }
            case "runs": .runs
            case "timetable": .timetable
            default: nil
            }
            return try change.map { (try row.int64("id"), $0) }
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
        case .runs: "runs"
        case .timetable: "timetable"
        }
    }

    private var runID: Int64? {
        if case .seats(let runID) = self { runID } else { nil }
    }
}
