import Locking
import Storage
import Synchronization

/// The running reports of runs kept in memory for the pages that show them (station boards, train
/// pages, results, the realtime feeds), read from the database once per run and kept until a
/// report of that run is stored: the server that stored it forgets the run once the report has
/// committed (`forget`), other servers when they follow the change (`CacheChange.running`). A run
/// without reports is kept too, as known to have none. Decisions about money (a free change, a
/// compensation) read the database in their own transaction, never this.
final class RunningTimesCache: Sendable {
    /// How many runs are kept at most; past it the cache starts again empty (reports are read back
    /// on demand, a query for a few hundred runs at a time).
    static let maximumRuns = 50_000

    private let database: DatabasePool
    private let memory = Locked<[Int64: [Int: StopReport]]>([:])
    /// Counts every forgetting, so a reading that began before one is not kept.
    private let changes = Atomic<Int>(0)

    init(database: DatabasePool) {
        self.database = database
    }

    /// Counts every change of reports, for caches built on them.
    var generation: Int { changes.load(ordering: .acquiring) }

    /// The reports of run `runID`, by stop.
    func reports(ofRun runID: Int64) throws -> [Int: StopReport] {
        try reports(ofRuns: [runID])[runID] ?? [:]
    }

    /// The reports of each of `runIDs` that has any, by run and stop: those not in memory read in
    /// one query per few hundred runs.
    func reports(ofRuns runIDs: some Collection<Int64>) throws -> [Int64: [Int: StopReport]] {
        var found: [Int64: [Int: StopReport]] = [:]
        var missing: [Int64] = []
        memory.withLock { memory in
            for runID in runIDs {
                if let reports = memory[runID] {
                    if !reports.isEmpty { found[runID] = reports }
                } else {
                    missing.append(runID)
                }
            }
        }
        guard !missing.isEmpty else { return found }
        let generation = self.generation
        let read = try database.read { try RunningTimes.reports(ofRuns: missing, in: $0) }
        memory.withLock { memory in
            // A report stored while this was read may be missing from it: keep none of it.
            guard changes.load(ordering: .acquiring) == generation else { return }
            if memory.count + missing.count > Self.maximumRuns { memory.removeAll() }
            for runID in missing { memory[runID] = read[runID] ?? [:] }
        }
        found.merge(read) { known, _ in known }
        return found
    }

    /// Forgets run `runID` after a report of it was stored.
    func forget(runID: Int64) {
        memory.withLock { memory in
            memory.removeValue(forKey: runID)
            changes.add(1, ordering: .releasing)
        }
    }
}

/// The counters of the runs and running reports in memory when something was made from them: while
/// both stand, it still shows what they hold (the timetable's reloads count as runs changes).
struct RunningStamp: Equatable, Sendable {
    let runs: Int
    let running: Int
}
