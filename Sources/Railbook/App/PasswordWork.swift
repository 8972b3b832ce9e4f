import Foundation
import Glibc
import HTTP
import Locking
import Synchronization

/// Password hashing and checking on threads of their own, at most `workerCount` at once, with at
/// most `capacity` checks taken in (running or waiting). Argon2id takes tens of milliseconds of a
/// whole core by design; done on the server's threads, a flood of logins would leave no thread or
/// core for anything else. A request that needs a check first takes a slot (`reserve`): when none
/// is left the site answers "busy, try again" at once, without hashing. Threads start when work
/// arrives and end after a few idle seconds.
final class PasswordWork: Sendable {
    /// A place in the queue, taken before the work is handed over, so handing it over never fails.
    struct Slot: Sendable {
        fileprivate let pool: PasswordWork
        /// Runs `work` on a password thread, then gives the place back.
        func run(_ work: @escaping @Sendable () -> Void) {
            pool.enqueue(work)
        }
    }

    private struct State {
        var waiting: [@Sendable () -> Void] = []
        var workers = 0
        var idleWorkers = 0
    }

    /// How many checks may be taken in at once, running or waiting.
    let capacity: Int
    /// How many run at once.
    let workerCount: Int
    private let taken = Atomic<Int>(0)
    private let state = Locked(State())

    /// A pool of up to `workerCount` threads (at least one) taking in up to `capacity` checks.
    init(workerCount: Int, capacity: Int) {
        self.workerCount = max(1, workerCount)
        self.capacity = max(1, capacity)
    }

    /// One thread fewer than the machine has cores (at least one), so pages always keep a core.
    static var defaultWorkerCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount - 1) }

    /// A slot for one check, or nil when `capacity` are taken already.
    func reserve() -> Slot? {
        while true {
            let current = taken.load(ordering: .acquiring)
            guard current < capacity else { return nil }
            if taken.compareExchange(expected: current, desired: current + 1, ordering: .acquiringAndReleasing).exchanged {
                return Slot(pool: self)
            }
        }
    }

    /// How many checks are taken in now.
    var inUse: Int { taken.load(ordering: .acquiring) }

    private func enqueue(_ work: @escaping @Sendable () -> Void) {
        let startsWorker = state.withLock { state in
            state.waiting.append(work)
            guard state.idleWorkers == 0, state.workers < workerCount else { return false }
            state.workers += 1
            return true
        }
        state.signal()
        if startsWorker {
            let thread = Thread { [self] in runWorker() }
            thread.name = "railbook-passwords"
            thread.start()
        }
    }

    private func runWorker() {
        // Below the server's threads, so pages get the cores first while a flood of logins waits.
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) // on Linux, 0 is the calling thread alone
        while let next = nextWork() {
            next()
            taken.subtract(1, ordering: .releasing)
        }
    }

    /// The next piece of work, waiting for one up to a few seconds; nil when the thread should end.
    private func nextWork() -> (@Sendable () -> Void)? {
        let ready = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.waiting.isEmpty else {
                state.idleWorkers += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        if let ready { return ready }
        return state.withLock(waitingUntil: { !$0.waiting.isEmpty }, timeout: 3) { state -> (@Sendable () -> Void)? in
            state.idleWorkers -= 1
            guard !state.waiting.isEmpty else {
                state.workers -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
    }
}
