import Foundation
import Locking

/// Closes pools' long-idle connections, once a second, on one thread for the whole process. It
/// holds the pools weakly, so a pool nobody uses any more goes away and takes its connections with it.
final class IdleConnectionReaper: Sendable {
    static let shared = IdleConnectionReaper()

    private struct Watched {
        weak var pool: PostgresPool?
    }

    private let pools = Locked<[Watched]>([])
    private let isRunning = Locked(false)

    /// Monotonic seconds, for idle times.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Starts looking after `pool`'s idle connections (and the thread, on first use).
    func watch(_ pool: PostgresPool) {
        pools.withLock { $0.append(Watched(pool: pool)) }
        let starts = isRunning.withLock { running in
            defer { running = true }
            return !running
        }
        guard starts else { return }
        let thread = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 1)
                sweep()
            }
        }
        thread.name = "railbook-pg-idle"
        thread.start()
    }

    private func sweep() {
        let live = pools.withLock { pools in
            pools.removeAll { $0.pool == nil }
            return pools.compactMap(\.pool)
        }
        let now = Self.now()
        for pool in live { pool.closeIdleConnections(now: now) }
    }
}
