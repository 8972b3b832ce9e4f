import Locking
import Storage
import Synchronization

/// A run's identity and state, as search needs it.
struct RunInfo: Sendable {
    let id: Int64
    let isCancelled: Bool
    let delayMinutes: Int
}

/// The runs of each service date by train, read once per date and kept until a run changes.
final class RunDirectory: Sendable {
    private let database: DatabasePool
    private let byDate = Locked<[CivilDate: [Int64: RunInfo]]>([:])
    private let changes = Atomic<Int>(0)

    /// Counts every change of runs (new days, cancellations, delays), for caches built on them.
    var generation: Int { changes.load(ordering: .acquiring) }

    init(database: DatabasePool) {
        self.database = database
    }

    /// The runs on `date`, by train id.
    func runs(on date: CivilDate) throws -> [Int64: RunInfo] {
        if let runs = byDate.withLock({ $0[date] }) { return runs }
        var runs: [Int64: RunInfo] = [:]
        let rows = try database.read { db in
            try db.query("SELECT id, train_id, status, delay_minutes FROM runs WHERE service_date = ?", [date.description])
        }
        for row in rows {
            runs[try row.int64("train_id")] = RunInfo(
                id: try row.int64("id"),
                isCancelled: try row.decode(RunStatus.self, "status") == .cancelled,
                delayMinutes: try row.int("delay_minutes"))
        }
        byDate.withLock { $0[date] = runs }
        return runs
    }

    /// Forgets every date, after runs were created or changed.
    func forgetAll() {
        byDate.withLock { $0.removeAll() }
        changes.add(1, ordering: .releasing)
    }
}
