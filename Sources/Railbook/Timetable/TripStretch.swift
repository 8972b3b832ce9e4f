import Locking

/// A train's call at an origin station and its later call at a destination station: what a
/// search between two cities finds before it looks at runs and seats.
struct TripStretch: Sendable {
    let train: Train
    let originIndex: Int
    let destinationIndex: Int
    /// Departure from the origin, in minutes after midnight of the service date.
    let departure: Int

    /// The stretches of the pairs of stations searched, kept with the timetable they were found in
    /// (a new timetable starts with none) within `budget` bytes, the least recently searched pair
    /// going first: they are the same for every search of a pair.
    final class Memo: Sendable {
        private struct Pair: Hashable, Sendable {
            let origin: Int64
            let destination: Int64
        }

        /// The most bytes the stretches kept may take (their trains are the timetable's, shared).
        static let budget = 4 << 20
        private let pairs = Locked(LRUCache<Pair, [TripStretch]>(budget: Memo.budget))

        /// The stretches from station `origin` to `destination`, found with `find` unless kept.
        func stretches(from origin: Int64, to destination: Int64, find: () -> [TripStretch]) -> [TripStretch] {
            let pair = Pair(origin: origin, destination: destination)
            if let kept = pairs.withLock({ $0.value(forKey: pair) }) { return kept }
            let found = find()
            let forgotten = pairs.withLock { $0.insert(found, cost: MemoryCost.of(found), forKey: pair) }
            _ = forgotten // freed here, after unlocking
            return found
        }
    }
}
