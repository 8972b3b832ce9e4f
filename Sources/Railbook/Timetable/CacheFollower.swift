import Foundation
import Storage
import Synchronization

/// Keeps this server's caches in step with changes other servers make (several Railbook servers
/// on one PostgreSQL). It reads the change log (`CacheChange`) when a commit notifies
/// `railbook_cache`, and at least every `pollSeconds` in case a notification was missed (a
/// listening connection that dropped), and forgets or reloads exactly what changed: a run's seat
/// counts, the run directory, the timetable. Each change is applied once; reading changes of the
/// last minute again, rather than "after the last id seen", also catches a transaction that took
/// its id early but committed late. A seat sold through another server shows here within a
/// notification's delay, and at worst `pollSeconds` later. Booking decisions never rely on it:
/// they lock and read the rows themselves.
final class CacheFollower: Sendable {
    private let database: DatabasePool
    private let railway: Railway
    private let pollSeconds: Double
    private let log: @Sendable (String) -> Void
    private let wakeUp = NSCondition()
    private let state = Mutex(State())

    private struct State {
        var isSignalled = false
        var isStopping = false
        var isRunning = false
        /// Ids already applied, with when they were seen, for the window read again.
        var applied: [Int64: Double] = [:]
    }

    /// How far back each reading goes, in seconds; longer than any transaction may stay open.
    static let window = 60

    init(database: DatabasePool, railway: Railway, pollSeconds: Double = 1, log: @escaping @Sendable (String) -> Void) {
        self.database = database
        self.railway = railway
        self.pollSeconds = pollSeconds
        self.log = log
    }

    /// A notification came: read the change log now.
    func signal() {
        wakeUp.lock()
        state.withLock { $0.isSignalled = true }
        wakeUp.broadcast()
        wakeUp.unlock()
    }

    /// Marks what is in the change log now as seen (this server's caches start fresh), then
    /// follows it on a thread of its own until `stop()`.
    func start() throws {
        let seen = try database.read { try CacheChange.recorded(inTheLast: Self.window, in: $0) }
        let now = ProcessInfo.processInfo.systemUptime
        state.withLock { state in
            for (id, _) in seen { state.applied[id] = now }
            state.isRunning = true
        }
        let thread = Thread { [self] in loop() }
        thread.name = "railbook-cache-follower"
        thread.start()
    }

    /// Stops following and waits for the thread to end.
    func stop() {
        wakeUp.lock()
        state.withLock { $0.isStopping = true }
        wakeUp.broadcast()
        while state.withLock({ $0.isRunning }) {
            wakeUp.wait()
        }
        wakeUp.unlock()
    }

    private func loop() {
        while true {
            wakeUp.lock()
            if !state.withLock({ $0.isSignalled || $0.isStopping }) {
                _ = wakeUp.wait(until: Date(timeIntervalSinceNow: pollSeconds))
            }
            let stopping = state.withLock { state in
                state.isSignalled = false
                return state.isStopping
            }
            wakeUp.unlock()
            if stopping { break }
            do {
                try follow()
            } catch {
                log("error: following the cache changes: \(error)")
            }
        }
        wakeUp.lock()
        state.withLock { $0.isRunning = false }
        wakeUp.broadcast()
        wakeUp.unlock()
    }

    /// Applies the changes not applied yet.
    func follow() throws {
        let recent = try database.read { try CacheChange.recorded(inTheLast: Self.window, in: $0) }
        let now = ProcessInfo.processInfo.systemUptime
        let fresh = state.withLock { state in
            state.applied = state.applied.filter { now - $0.value < Double(Self.window * 2) }
            let fresh = recent.filter { state.applied[$0.id] == nil }
            for (id, _) in fresh { state.applied[id] = now }
            return fresh.map(\.change)
        }
        var reloadsTimetable = false
        var forgetsRuns = false
        for change in fresh {
            switch change {
            case .seats(let runID): railway.inventory.forget(runID: runID)
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
