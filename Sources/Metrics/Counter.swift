import Synchronization

/// A number that only goes up (a Prometheus counter), counted without a lock.
public final class Counter: Sendable {
    private let total = Atomic<Int>(0)

    public init() {}

    /// Adds `amount` (1 by default).
    public func add(_ amount: Int = 1) {
        total.wrappingAdd(amount, ordering: .relaxed)
    }

    /// The count so far.
    public var value: Int { total.load(ordering: .relaxed) }
}

/// How long things took, counted into buckets (a Prometheus histogram): each observation adds one
/// to the first bucket whose bound it is within, its microseconds to the sum, one to the count.
public final class Histogram: Sendable {
    /// The buckets' upper bounds in seconds, ascending (the last, +Inf, is implied).
    public let bounds: [Double]
    private let boundMicroseconds: [UInt64]
    private let buckets: [Counter]
    private let sumMicroseconds = Atomic<Int>(0)

    public init(bounds: [Double]) {
        self.bounds = bounds
        boundMicroseconds = bounds.map { UInt64(($0 * 1_000_000).rounded()) }
        buckets = (0...bounds.count).map { _ in Counter() }
    }

    /// Counts one observation of `microseconds`.
    public func observe(microseconds: UInt64) {
        var index = 0
        while index < boundMicroseconds.count, microseconds > boundMicroseconds[index] { index += 1 }
        buckets[index].add()
        sumMicroseconds.wrappingAdd(Int(clamping: microseconds), ordering: .relaxed)
    }

    /// The cumulative count at each bound, then at +Inf (the total count); and the sum in seconds.
    public var snapshot: (cumulative: [Int], sum: Double) {
        var running = 0
        let cumulative = buckets.map { bucket in
            running += bucket.value
            return running
        }
        return (cumulative, Double(sumMicroseconds.load(ordering: .relaxed)) / 1_000_000)
    }
}
