import Synchronization

/// Rendered results sections of recent searches, by language, day and query. An entry is used only
/// while nothing it shows can have changed: the railway's generation (seats, runs, timetable)
/// must be the one it was rendered at.
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
    }

    static let capacity = 2_000
    /// Seconds an entry may be reused at most, so trains that have left drop out of the results.
    static let freshness = 60
    private let entries = Mutex<[String: Entry]>([:])

    /// The entry for `key` if it is still current.
    func entry(_ key: String, generation: Int) -> Entry? {
        entries.withLock { table in
            guard let entry = table[key] else { return nil }
            return entry.generation == generation ? entry : nil
        }
    }

    /// Stores an entry, dropping everything when the cache is full (simple and bounded).
    func store(_ entry: Entry, for key: String) {
        entries.withLock { table in
            if table.count >= SearchResultsCache.capacity { table.removeAll(keepingCapacity: true) }
            table[key] = entry
        }
    }
}
