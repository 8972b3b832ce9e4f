import Locking
import Synchronization

/// Rendered results sections of recent searches, by language, minute and query, kept while seats
/// sell: an entry holds the section with the seat counts of its direct trains left out
/// (`SeatGaps`) and the trips it was rendered from, and each page fills the counts in from the seat
/// inventory, so a sale does not make it stale. An entry is used only while what it shows without
/// those counts is still true: the runs and timetable must be the ones it was rendered from
/// (`RunDirectory.generation`), every class of its trips must still be sold out or not as it was
/// (which decides booking or waitlist links, standing places and the "with seats" filter), and each
/// run of its journeys with a change must still have the seat stamp it had (`SeatInventory.Stamp`).
/// An address is stored only when it is asked for a second time (`admits`): most searches of a
/// long tail of stations, dates and filters are asked once, and storing them would only push out
/// the pages that are asked again. The entries stay within half a budget of bytes, the searches
/// asked least recently going first;
/// the other half keeps the parts sections are made of (`SearchPartsCache`), as large a share
/// because a part serves every search that shows it (any filter, sort or address) and an entry
/// only its own address (docs/benchmarks.md measures what too small a share for parts cost).
final class SearchResultsCache: Sendable {
    /// A rendered results section and the values around it.
    struct Entry: Sendable {
        /// The section with the seat counts it was last served with (`LiveSection`).
        let section: LiveSection
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
        /// The legs of the journeys with a change it shows.
        let legs: [Trip]
        /// The running reports it was rendered from (`RunningTimesCache.generation`), and the delays
        /// its rows and legs say: after a report, it is current while they still hold.
        let runningGeneration: Int
        let delays: BoardingDelays
        /// Every run it shows: its trips' and those of its journeys with a change.
        var runIDs: [Int64] { trips.map(\.run.id) + seats.keys }

        /// The section with `offers` (per trip of `trips`, from the seat inventory, read after
        /// `SeatInventory.generation` was `generation`) written in, or nil when they do not fit it:
        /// a class sold out or back on sale, standing places now offered or gone, or a sold-out
        /// class's seat change another or gone.
        func html(offers: [[Trip.Offer]], readAt generation: Int, stamps: LiveSection.Stamps?) -> [UInt8]? {
            guard offers.count == trips.count,
                zip(trips, offers).allSatisfy({ trip, offers in
                    trip.offers.count == offers.count
                        && zip(trip.offers, offers).allSatisfy {
                            $0.seatClass == $1.seatClass && ($0.seatsLeft == 0) == ($1.seatsLeft == 0) && $0.seatChange == $1.seatChange
                        }
                })
            else { return nil }
            return section.html(with: offers, readAt: generation, stamps: stamps)
        }

        /// The memory the entry holds: its text, trips and stamps (the stations and trains are the
        /// timetable's, shared).
        var bytes: Int {
            MemoryLayout<Entry>.stride + section.bytes + MemoryCost.of(trips) + trips.reduce(0) { $0 + MemoryCost.of($1.offers) }
                + MemoryCost.of(summary) + MemoryCost.of(seats) + MemoryCost.of(legs) + MemoryCost.of(delays.minutes)
        }
    }

    /// Seconds an entry may be reused at most, so trains that have left drop out of the results.
    static let freshness = 60
    private let entries: Locked<LRUCache<String, Entry>>
    private let hits = Atomic<Int>(0), misses = Atomic<Int>(0)

    /// How many lookups found a current entry and how many did not, since start.
    var statistics: (hits: Int, misses: Int) { (hits.load(ordering: .relaxed), misses.load(ordering: .relaxed)) }

    /// The lookups' counts with what the stored sections hold now, for the metrics.
    var cacheStatistics: CacheStatistics {
        let (bytes, entries) = entries.withLock { ($0.bytes, $0.count) }
        return CacheStatistics(hits: statistics.hits, misses: statistics.misses, bytes: bytes, entries: entries)
    }

    /// How many addresses `admits` remembers having been asked for (by hash, one per slot: a
    /// later address may take an earlier one's slot, which then waits for its next ask).
    static let rememberedAddresses = 8192
    private let askedBefore = Locked([Int](repeating: 0, count: SearchResultsCache.rememberedAddresses))

    /// Rows and lowest fares, shared by the sections of many searches.
    let parts: SearchPartsCache

    /// A cache that keeps at most `budget` bytes of entries, parts and their keys.
    init(budget: Int) {
        entries = Locked(LRUCache(budget: budget / 2))
        parts = SearchPartsCache(budget: budget - budget / 2)
    }

    /// The most bytes the entries and parts may hold.
    var budget: Int { entries.withLock { $0.budget } + parts.budget }
    /// The bytes the entries, parts and their keys hold now.
    var bytes: Int { entries.withLock { $0.bytes } + parts.bytes }

    /// The keys kept, from the most to the least recently used.
    var keys: [String] { entries.withLock { $0.keysByRecency } }

    /// What `current` makes of the entry for `key` (a page), if it makes anything: nil says the
    /// entry is stale, and it is dropped. `current` runs outside the cache's lock; what it throws
    /// (a database that fails while the counts are read again) goes to the caller.
    func entry<Page>(_ key: String, current: (Entry) throws -> Page?) rethrows -> Page? {
        let entry = entries.withLock { $0.value(forKey: key) }
        let found = try entry.flatMap(current)
        if entry != nil && found == nil {
            let stale = entries.withLock { $0.removeValue(forKey: key) }
            _ = stale // freed here, after unlocking
        }
        if found == nil { misses.add(1, ordering: .relaxed) } else { hits.add(1, ordering: .relaxed) }
        return found
    }

    /// Whether the section rendered for `target` in `language` is worth storing: true when the
    /// same address was asked for before (in any minute), else false, and the address is
    /// remembered so that its next ask stores it.
    func admits(_ target: String, language: Language) -> Bool {
        var hasher = Hasher()
        hasher.combine(language)
        hasher.combine(target)
        let hash = hasher.finalize()
        let slot = Int(UInt(bitPattern: hash) % UInt(Self.rememberedAddresses))
        return askedBefore.withLock { asked in
            if asked[slot] == hash { return true }
            asked[slot] = hash
            return false
        }
    }

    /// Stores an entry as the most recently used, making room by dropping the least recently used.
    func store(_ entry: Entry, for key: String) {
        let cost = entry.bytes + MemoryCost.of(key)
        let forgotten = entries.withLock { $0.insert(entry, cost: cost, forKey: key) }
        _ = forgotten // freed here, after unlocking
    }
}
