import Locking

/// Where Railbook reads the time: the application receives one, sets each request's `context.now`
/// from it once, and gives it to the background jobs. Models take `now` as a parameter.
public protocol Clock: Sendable {
    /// Seconds since the Unix epoch.
    func now() -> Int
}

extension Clock {
    /// The date in China now.
    public func today() -> CivilDate { ChinaTime.date(at: now()) }
}

/// The computer's clock, as the server uses it.
public struct SystemClock: Clock {
    /// The system clock.
    public init() {}

    /// Seconds since the Unix epoch, from the system.
    public func now() -> Int { ChinaTime.now() }
}

/// A clock for tests: the system's time, moved by the test (`advance(by:)`: "an hour passes"),
/// and stopped when the test needs every request to happen in the same second (`stop()`).
public final class SettableClock: Clock {
    private enum Reading: Sendable {
        /// The system's time plus the moves so far.
        case running(offset: Int)
        /// A fixed time.
        case stopped(at: Int)
    }

    private let reading = Locked(Reading.running(offset: 0))

    /// A clock showing the system's time until it is moved or stopped.
    public init() {}

    /// The time it shows now.
    public func now() -> Int {
        switch reading.withLock({ $0 }) {
        case .running(let offset): ChinaTime.now() + offset
        case .stopped(let seconds): seconds
        }
    }

    /// Moves the clock forward (or, with a negative count, back) by `seconds`.
    public func advance(by seconds: Int) {
        reading.withLock { reading in
            switch reading {
            case .running(let offset): reading = .running(offset: offset + seconds)
            case .stopped(let time): reading = .stopped(at: time + seconds)
            }
        }
    }

    /// Stops the clock at the time it shows: from now on it moves only when advanced.
    public func stop() {
        let time = now()
        reading.withLock { $0 = .stopped(at: time) }
    }
}
