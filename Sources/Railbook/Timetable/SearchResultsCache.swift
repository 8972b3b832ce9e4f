import Synchronization

/// Rendered results sections of recent searches, by language, minute and query. An entry is used
/// only while nothing it shows can have changed: the runs and timetable must be the ones it was
/// rendered from (`RunDirectory.generation`), and each run it shows must still have the seat stamp
/// it had (`SeatInventory.Stamp`). A booking on one run makes stale only the pages that show that
/// run. The entries stay within a budget of bytes; the searches asked least recently go first.
final class SearchResultsCache: Sendable {
    /// A rendered results section and the values around it.
    struct Entry: Sendable {
        let html: String
        let summary: String
        /// The stations and date the query resolved to, so a cached page needs no validation.
        let origin: Station
        let destination: Station
        let date: CivilDate
        /// The runs and timetable it was rendered from.
        let runsGeneration: Int
        /// The seat stamp of every run whose seat counts it was rendered from.
        let seats: [Int64: SeatInventory.Stamp]

        /// The memory the entry holds: its text and stamps (the stations are the timetable's, shared).
        var bytes: Int { MemoryLayout<Entry>.stride + MemoryCost.of(html) + MemoryCost.of(summary) + MemoryCost.of(seats) }
    }

    /// Seconds an entry may be reused at most, so trains that have left drop out of the results.
    static let freshness = 60
    private let entries: Mutex<LRUCache<String, Entry>>
    private let counts = Mutex((hits: 0, misses: 0))

    /// How many lookups found a current entry and how many did not, since start.
    var statistics: (hits: Int, misses: Int) { counts.withLock { $0 } }

    /// A cache that keeps at most `budget` bytes of entries and their keys.
    init(budget: Int) {
        entries = Mutex(LRUCache(budget: budget))
    }

    /// The most bytes the entries may hold.
    var budget: Int { entries.withLock { $0.budget } }
    /// The bytes the entries and their keys hold now.
    var bytes: Int { entries.withLock { $0.bytes } }

    /// The keys kept, from the most to the least recently used.
    var keys: [String] { entries.withLock { $0.keysByRecency } }

    /// The entry for `key` if `isCurrent` says it still is; a stale one is dropped.
    func entry(_ key: String, isCurrent: (Entry) -> Bool) -> Entry? {
        let found = entries.withLock { cache -> Entry? in
            guard let entry = cache.value(forKey: key) else { return nil }
            guard isCurrent(entry) else {
                cache.removeValue(forKey: key)
                return nil
            }
            return entry
        }
        counts.withLock { found == nil ? ($0.misses += 1) : ($0.hits += 1) }
        return found
    }

    /// Stores an entry as the most recently used, making room by dropping the least recently used.
    func store(_ entry: Entry, for key: String) {
        entries.withLock { $0.insert(entry, cost: entry.bytes + MemoryCost.of(key), forKey: key) }
    }
}
