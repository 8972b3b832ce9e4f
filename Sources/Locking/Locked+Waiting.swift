import Glibc

extension Locked {
    /// Takes the lock, waits until `ready` holds for the state (sleeping on the condition variable,
    /// the lock released meanwhile), then runs `body` with the state, still holding the lock.
    /// `ready` is asked first, and again after every wake-up, spurious ones included.
    public func withLock<Result>(
        waitingUntil ready: (State) throws -> Bool,
        _ body: (inout State) throws -> Result
    ) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while try !ready(state) {
            pthread_cond_wait(condition, mutex)
        }
        return try body(&state)
    }

    /// As `withLock(waitingUntil:_:)`, but waits `timeout` seconds at most in all (a deadline on the
    /// monotonic clock, however often it wakes), then runs `body` whether `ready` holds or not:
    /// `body` tells from the state.
    public func withLock<Result>(
        waitingUntil ready: (State) throws -> Bool, timeout: Double,
        _ body: (inout State) throws -> Result
    ) rethrows -> Result {
        var deadline = Self.deadline(after: timeout)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while try !ready(state) {
            guard pthread_cond_timedwait(condition, mutex, &deadline) != ETIMEDOUT else { break }
        }
        return try body(&state)
    }

    /// Wakes one thread waiting in `withLock(waitingUntil:…)` to look at the state again; call it
    /// after changing what that thread waits for.
    public func signal() {
        pthread_cond_signal(condition)
    }

    /// Wakes every thread waiting in `withLock(waitingUntil:…)` to look at the state again.
    public func broadcast() {
        pthread_cond_broadcast(condition)
    }

    /// The monotonic time `seconds` from now (from 0 up to a million seconds).
    private static func deadline(after seconds: Double) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = Int(min(max(0, seconds), 1_000_000) * 1_000_000_000) + now.tv_nsec
        return timespec(tv_sec: now.tv_sec + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
    }
}
