import Foundation
import Storage

/// How `PostgresPool.write` runs a transaction again after a serialization failure (`40001`)
/// or a deadlock (`40P01`): the whole transaction, up to `maximumAttempts` times in all, waiting
/// between attempts a growing, randomised delay so that the transactions that collided do not
/// collide again.
public struct PostgresRetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included; 1 never retries.
    public var maximumAttempts: Int
    /// The delay before the first retry; each further retry doubles it.
    public var baseDelayMilliseconds: Int

    /// The default: 5 attempts, waiting about 10, 20, 40 and 80 ms (each between half and all
    /// of that, at random) — at most 150 ms of waiting in all.
    public init(maximumAttempts: Int = 5, baseDelayMilliseconds: Int = 10) {
        precondition(maximumAttempts > 0, "a transaction needs at least one attempt")
        self.maximumAttempts = maximumAttempts
        self.baseDelayMilliseconds = baseDelayMilliseconds
    }

    /// Calls `attempt` until it returns, throws an error that is not retryable, or has been
    /// called `maximumAttempts` times (then the last error is thrown).
    func run<T>(_ attempt: () throws -> T) throws -> T {
        var number = 1
        while true {
            do {
                return try attempt()
            } catch let error as PostgresError where error.isRetryable && number < maximumAttempts {
                Thread.sleep(forTimeInterval: delay(before: number + 1))
                number += 1
            }
        }
    }

    /// Seconds to wait before attempt `number` (2 or more).
    func delay(before number: Int) -> Double {
        let full = Double(baseDelayMilliseconds) / 1000 * Double(1 << min(number - 2, 16))
        return full / 2 + Double.random(in: 0...(full / 2))
    }
}
