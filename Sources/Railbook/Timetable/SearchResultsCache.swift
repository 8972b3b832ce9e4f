import Synchronization

/// Rendered results sections of recent searches, by language, minute and query, kept while seats
/// sell: an entry holds the section with the seat counts of its direct trains left out
/// (`SeatGaps`) and the trips it was rendered from, and each page fills the counts in from the seat
/// inventory, so a sale does not make it stale. An entry is used only while what it shows without
/// those counts is still true: the runs and timetable must be the ones it was rendered from
/// (`RunDirectory.generation`), every class of its trips must still be sold out or not as it was
/// (which decides booking or waitlist links, standing places and the "with seats" filter), and each
/// run of its journeys with a change must still have the seat stamp it had (`SeatInventory.Stamp`).
/// The entries stay within a budget of bytes; the searches asked least recently go first.
final class SearchResultsCache: Sendable {
    /// A rendered results section and the values around it.
    struct Entry: Sendable {
        /// The section, its direct trains' seat counts left out.
        let section: SeatGaps
        /// Every trip of the day the section was rendered from (those the filters left out too),
        /// with the offers it was rendered with: the gaps' trips.
        let trips: [Trip]
        let summary: String
        /// The stations and date the query resolved to, so a cached page needs no validation.
        let origin: Station
        let destination: Station
        let date: CivilDate
        /// The runs and timetable it was rendered from.
        let runsGeneration: Int
        /// The seat stamp of every run of the journeys with a change it shows, whose counts are
        /// written in the section.
        let seats: [Int64: SeatInventory.Stamp]
        /// The section as last filled in, with the offers it was filled from.
        let lastFilled = LastFilled()

        /// The section with `offers` (per trip of `trips`, from the seat inventory) written in, or
        /// nil when they do not fit it: a class sold out or back on sale, or standing places now
        /// offered or gone.
        func html(offers: [[Trip.Offer]], plenty: String, none: String) -> String? {
            guard offers.count == trips.count, zip(trips, offers).allSatisfy({ trip, offers in
                trip.offers.count == offers.count && zip(trip.offers, offers).allSatisfy {
                    $0.seatClass == $1.seatClass && ($0.seatsLeft == 0) == ($1.seatsLeft == 0)
                }
            }) else { return nil }
            if let html = lastFilled.html(for: offers) { return html }
            guard let html = section.filled(with: offers, plenty: plenty, none: none) else { return nil }
            lastFilled.keep(html, for: offers)
            return html
        }

        /// The memory the entry holds: its text, trips and stamps (the stations and trains are the
        /// timetable's, shared).
        var bytes: Int {
            MemoryLayout<Entry>.stride + MemoryCost.of(section.pieces) + section.pieces.reduce(0) { $0 + MemoryCost.of($1) }
                + MemoryCost.of(section.gaps) + MemoryCost.of(trips) + trips.reduce(0) { $0 + MemoryCost.of($1.offers) }
                + MemoryCost.of(summary) + MemoryCost.of(seats)
                + lastPageBytes
        }

        /// What the last page filled in (`LastFilled`) holds: the section's text once more, and the offers.
        private var lastPageBytes: Int {
            MemoryCost.allocationOverhead + 16 + section.pieces.reduce(section.gaps.count * 3) { $0 + $1.utf8.count }
                + MemoryCost.allocationOverhead + 16 + trips.count * MemoryLayout<[Trip.Offer]>.stride + trips.reduce(0) { $0 + MemoryCost.of($1.offers) }
        }
    }

    /// The last page of an entry, kept so that the next one with the same counts (most of them,
    /// between two sales on its trains) is not filled in again.
    final class LastFilled: Sendable {
        private let last = Mutex<(offers: [[Trip.Offer]], html: String)?>(nil)

        /// The page last filled from offers with exactly these seat counts, if it was.
        func html(for offers: [[Trip.Offer]]) -> String? {
            last.withLock { last in
                guard let last, last.offers.count == offers.count, zip(last.offers, offers).allSatisfy({ kept, now in
                    kept.count == now.count && zip(kept, now).allSatisfy { $0.seatsLeft == $1.seatsLeft }
                }) else { return nil }
                return last.html
            }
        }

        func keep(_ html: String, for offers: [[Trip.Offer]]) {
            last.withLock { $0 = (offers, html) }
        }
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

    /// What `current` makes of the entry for `key` (a page), if it makes anything: nil says the
    /// entry is stale, and it is dropped. `current` runs outside the cache's lock.
    func entry<Page>(_ key: String, current: (Entry) -> Page?) -> Page? {
        let entry = entries.withLock { $0.value(forKey: key) }
        let found = entry.flatMap(current)
        if entry != nil && found == nil { entries.withLock { _ = $0.removeValue(forKey: key) } }
        counts.withLock { found == nil ? ($0.misses += 1) : ($0.hits += 1) }
        return found
    }

    /// Stores an entry as the most recently used, making room by dropping the least recently used.
    func store(_ entry: Entry, for key: String) {
        entries.withLock { $0.insert(entry, cost: entry.bytes + MemoryCost.of(key), forKey: key) }
    }
}
