import Foundation
import Locking
import Storage

/// Keeps this server's caches in step with changes other servers make (several Railbook servers
/// on one PostgreSQL). It reads the change log (`CacheChange`) when a commit notifies
/// `railbook_cache`, and at least every `pollSeconds` in case a notification was missed (a
/// listening connection that dropped), and forgets or reloads exactly what changed: a run's seat
/// counts, the run directory, the timetable. Each reading starts at the oldest transaction that
/// was still running at the last one (`CacheChange.read`), so a transaction that took its id early
/// but committed late is read, and a change already applied is not applied again. A seat sold
/// through another server shows here within a notification's delay, and at worst `pollSeconds`
/// later. Booking decisions never rely on it: they lock and read the rows themselves.
final class CacheFollower: Sendable {
    private let database: DatabasePool
    private let railway: Railway
    private let pollSeconds: Double
    private let log: @Sendable (String) -> Void
    private let state = Locked(State())
    /// Held while a reading is applied: a page that catches up waits for a reading the follower's
    /// thread has begun, rather than skipping its changes as already applied while they are not yet.
    private let applying = Locked(())

    private struct State {
        var isSignalled = false
        var isStopping = false
        var isRunning = false
        /// Where the next reading starts: every transaction before it has been read.
        var nextTransaction: Int64 = 0
        /// The changes already applied that the next reading may return again, by id, with their
        /// transaction's id.
        var applied: [Int64: Int64] = [:]
    }

    /// How long a reading waits after it was called for, so the notifications of that moment share it.
    static let gathering = 0.02

    init(database: DatabasePool, railway: Railway, pollSeconds: Double = 1, log: @escaping @Sendable (String) -> Void) {
        self.database = database
        self.railway = railway
        self.pollSeconds = pollSeconds
        self.log = log
    }

    /// A notification came: read the change log now.
    func signal() {
        state.withLock { $0.isSignalled = true }
        state.broadcast()
    }

    /// Starts at the transactions still running now (this server's caches start fresh, and what
    /// committed before is in them), then follows the change log on a thread of its own until `stop()`.
    func start() throws {
        let reading = try database.read { try CacheChange.read(fromTransaction: Int64.max, in: $0) }
        state.withLock { state in
            state.nextTransaction = reading.finishedBefore
            state.isRunning = true
        }
        let thread = Thread { [self] in loop() }
        thread.name = "railbook-cache-follower"
        thread.start()
    }

    /// Stops following and waits for the thread to end.
    func stop() {
        state.withLock { $0.isStopping = true }
        state.broadcast()
        state.withLock(waitingUntil: { !$0.isRunning }) { _ in }
    }

    private func loop() {
        while true {
            let stopping = state.withLock(waitingUntil: { $0.isSignalled || $0.isStopping }, timeout: pollSeconds) { state in
                state.isSignalled = false
                return state.isStopping
            }
            if stopping { break }
            // Notifications come as fast as other servers commit: one reading serves those of a moment.
            Thread.sleep(forTimeInterval: Self.gathering)
            do {
                try follow()
            } catch {
                log("error: following the cache changes: \(error)")
            }
        }
        state.withLock { $0.isRunning = false }
        state.broadcast()
    }

    /// Reads the change log now, on this thread, while following it: an administrator who changed
    /// the timetable through one server and is sent to a page of another sees the change there.
    /// Nothing to do on SQLite (one process, never started).
    func catchUp() {
        guard state.withLock({ $0.isRunning }) else { return }
        do {
            try follow()
        } catch {
            log("error: following the cache changes: \(error)")
        }
    }

    /// Applies the changes not applied yet, one reading at a time.
    private func follow() throws {
        try applying.withLock { _ in try applyChanges() }
    }

    private func applyChanges() throws {
        let start = state.withLock { $0.nextTransaction }
        let reading = try database.read { try CacheChange.read(fromTransaction: start, in: $0) }
        let fresh = state.withLock { state in
            let fresh = reading.changes.filter { state.applied[$0.id] == nil }
            for change in fresh { state.applied[change.id] = change.transactionID }
            // Transactions before the reading's horizon will not be read again.
            state.nextTransaction = max(state.nextTransaction, reading.finishedBefore)
            let next = state.nextTransaction
            state.applied = state.applied.filter { $0.value >= next }
            return fresh.map(\.change)
        }
        var reloadsTimetable = false
        var forgetsRuns = false
        for change in fresh {
            switch change {
            case .seats(let runID): railway.inventory.forget(runID: runID)
            case .running(let runID): railway.runningTimes.forget(runID: runID)
            case .runs: forgetsRuns = true
            case .timetable: reloadsTimetable = true
            }
        }
        if reloadsTimetable {
            try railway.reloadTimetable()
        } else if forgetsRuns {
            railway.runs.forgetAll()
        }
    }
}
