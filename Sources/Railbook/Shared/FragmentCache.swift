import Locking

/// Rendered parts of pages that many visitors ask for alike (a station board's tables, a run's
/// stops as they stand), each kept with the stamp of what it was rendered from (the counters of the
/// caches it read: `RunningStamp`) and served only while
/// that stamp is still current: anything it was read from changed since, and it is rendered again.
/// Within a budget of bytes, the least recently asked first out.
final class FragmentCache<Key: Hashable & Sendable, Stamp: Equatable & Sendable>: Sendable {
    private struct Entry: Sendable {
        let stamp: Stamp
        let html: [UInt8]
    }

    private let entries: Locked<LRUCache<Key, Entry>>

    init(budget: Int) {
        entries = Locked(LRUCache(budget: budget))
    }

    /// Hits, misses and what is kept, for the metrics.
    var statistics: CacheStatistics { entries.withLock { $0.statistics } }

    /// The fragment under `key` when it was rendered under `stamp`; otherwise what `render` makes,
    /// kept under `stamp` (read before rendering: a change during it makes the next ask render again).
    func html(_ key: Key, stamp: Stamp, render: () throws -> [UInt8]) rethrows -> [UInt8] {
        if let html = entries.withLock({ $0.value(forKey: key).flatMap { $0.stamp == stamp ? $0.html : nil } }) { return html }
        let html = try render()
        // What the insert forgets is let go here, after unlocking.
        _ = entries.withLock { $0.insert(Entry(stamp: stamp, html: html), cost: MemoryCost.of(html), forKey: key) }
        return html
    }
}
