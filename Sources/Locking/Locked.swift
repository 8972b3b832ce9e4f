import Glibc

/// State that threads share, guarded by a plain POSIX mutex, for the caches every request reads.
///
/// The standard library's `Mutex` waits on a priority-inheriting futex on Linux: an unlock hands
/// the lock to the thread that waited longest, which must first be scheduled, so with more server
/// threads than cores the threads queue behind each other (a lock convoy) and spin meanwhile. A
/// plain mutex lets whichever thread runs take the lock at once; it spins briefly (adaptive) before
/// it sleeps. Keep what runs under the lock short, and free large values after unlocking.
public final class Locked<State>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    /// Guards `state`.
    public init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the state while holding the lock.
    public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
