import Synchronization

/// Rendered results sections of recent searches, by language, day and query. An entry is used only
/// while nothing it shows can have changed: the railway's generation (seats, runs, timetable)
/// must be the one it was rendered at. The entries stay within a budget of bytes; the searches
/// asked least recently go first.
final class SearchResultsCache: Sendable {
    /// A rendered results section and the values around it.
    struct Entry: Sendable {
        let html: String
        let summary: String
        /// The stations and date the query resolved to, so a cached page needs no validation.
        let origin: Station
        let destination: Station
        let date: CivilDate
        let generation: Int

        /// The memory the entry holds: its text (the stations are the timetable's, shared).
        var bytes: Int { MemoryLayout<Entry>.stride + MemoryCost.of(html) + MemoryCost.of(summary) }
    }

    /// Seconds an entry may be reused at most, so trains that have left drop out of the results.
    static let freshness = 60
    private let entries: Mutex<LRUCache<String, Entry>>

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

    /// The entry for `key` if it is still current; a stale one is dropped.
    func entry(_ key: String, generation: Int) -> Entry? {
        entries.withLock { cache in
            guard let entry = cache.value(forKey: key) else { return nil }
            guard entry.generation == generation else {
                cache.removeValue(forKey: key)
                return nil
            }
            return entry
        }
    }

    /// Stores an entry as the most recently used, making room by dropping the least recently used.
    func store(_ entry: Entry, for key: String) {
        entries.withLock { $0.insert(entry, cost: entry.bytes + MemoryCost.of(key), forKey: key) }
    }
}
