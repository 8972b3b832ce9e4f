import Locking
import Synchronization

/// What results pages are made of that stays the same while seats sell, shared by every search
/// that shows it: each train's rendered result row (its seat counts left as gaps) and each day's
/// lowest fare between two stations, with its text, the best journeys with one change between two
/// stations on a day (before seats and prices), and the rendered date strip and filter fields of a
/// search, whatever its date (`ResultsNavigation`). A part is kept with the `RunDirectory.generation` it was made
/// under and is used only while that is current: a run cancelled or delayed, new runs or a
/// timetable edit make every part stale. Within a budget of bytes, least recently used first out.
final class SearchPartsCache: Sendable {
    /// Everything a result row shows besides its seat counts.
    struct Row: Hashable, Sendable {
        /// The run, and the stops boarded and left at (the train, its times, stations and fares).
        let runID: Int64
        let originIndex: Int
        let destinationIndex: Int
        let language: Language
        /// The results table's columns, a bit per class.
        let columns: UInt16
        /// The trip's offers in order, five bits each: the class, and whether it is sold out
        /// (which decides the booking or waitlist link).
        let offers: UInt64
        /// Whether the row names its stations (they differ from those of most trains of the list).
        let showsStations: Bool
        /// Minutes late leaving the boarding stop, as the row says (`BoardingDelays`).
        let delay: Int
        /// The seat changes its sold-out classes offer, in order (mostly none).
        let seatChanges: [SeatChangePlan]

        init(trip: Trip, language: Language, columns: [SeatClass], showsStations: Bool, delay: Int) {
            runID = trip.run.id
            originIndex = trip.originIndex
            destinationIndex = trip.destinationIndex
            self.language = language
            self.columns = columns.reduce(0) { $0 | 1 << UInt16($1.position) }
            offers = trip.offers.reduce(UInt64(trip.offers.count)) { bits, offer in
                bits << 5 | UInt64(offer.seatClass.position) << 1 | (offer.seatsLeft == 0 ? 1 : 0)
            }
            self.showsStations = showsStations
            self.delay = delay
            seatChanges = trip.offers.compactMap(\.seatChange)
        }
    }

    private enum Key: Hashable, Sendable {
        case row(Row)
        case lowestFares(origin: Int64, destination: Int64, firstDay: CivilDate, days: Int, language: Language)
        case connections(origin: Int64, destination: Int64, date: CivilDate)
        case dateStrip(DateStripKey)
        case filterFields(FilterFieldsKey)

        /// The heap memory the key holds (a day's holds none, a row's only its seat changes).
        var bytes: Int {
            switch self {
            case .row(let row): row.seatChanges.reduce(MemoryCost.of(row.seatChanges)) { $0 + $1.bytes }
            case .lowestFares, .connections: 0
            case .dateStrip(let key): MemoryCost.of(key.links)
            case .filterFields(let key): MemoryCost.of(key.choices) + MemoryCost.of(key.fromStations) + MemoryCost.of(key.toStations)
            }
        }
    }

    /// What a rendered date strip shows: a search's links (every part of its address but the
    /// date), the stations its fares are between, the days of the presale window, the language.
    struct DateStripKey: Hashable, Sendable {
        let links: String
        let origin: Int64
        let destination: Int64
        let firstDay: CivilDate
        let days: Int
        let language: Language
    }

    /// What rendered filter fields show: a search's choices (`SearchLinks.choices`: filters, sort,
    /// journeys with a change) and the stations its trains of the day leave from and arrive at.
    struct FilterFieldsKey: Hashable, Sendable {
        let choices: String
        let fromStations: [Int64]
        let toStations: [Int64]
        let language: Language
    }

    /// A day's lowest fare, and how the date strip writes it in a language.
    struct DayFare: Sendable {
        let fen: Int
        let text: String
    }

    private enum Part: Sendable {
        case row(SeatGaps)
        case lowestFares([CivilDate: DayFare])
        case connections([TransferConnection])
        case dateStrip(ResultsNavigation.DateStrip)
        case filterFields([UInt8])

        var bytes: Int {
            switch self {
            case .row(let row): row.bytes
            case .lowestFares(let fares): MemoryCost.of(fares) + fares.values.reduce(0) { $0 + MemoryCost.of($1.text) }
            case .connections(let connections): MemoryCost.of(connections)
            case .dateStrip(let strip): strip.bytes
            case .filterFields(let html): MemoryCost.of(html)
            }
        }
    }

    private struct Stored: Sendable {
        let part: Part
        let runsGeneration: Int
    }

    private let parts: Locked<LRUCache<Key, Stored>>

    private let hits = Atomic<Int>(0), misses = Atomic<Int>(0)

    /// How many lookups found a current part and how many did not, since start.
    var statistics: (hits: Int, misses: Int) { (hits.load(ordering: .relaxed), misses.load(ordering: .relaxed)) }

    /// The lookups' counts with what the parts hold now, for the metrics.
    var cacheStatistics: CacheStatistics {
        let (bytes, entries) = parts.withLock { ($0.bytes, $0.count) }
        return CacheStatistics(hits: statistics.hits, misses: statistics.misses, bytes: bytes, entries: entries)
    }

    /// A cache of at most `budget` bytes of parts and their keys.
    init(budget: Int) {
        parts = Locked(LRUCache(budget: budget))
    }

    var budget: Int { parts.withLock { $0.budget } }
    var bytes: Int { parts.withLock { $0.bytes } }

    /// The row rendered for `row` under runs generation `runsGeneration`, if kept.
    func row(_ row: Row, runsGeneration: Int) -> SeatGaps? {
        guard case .row(let gaps) = part(.row(row), runsGeneration: runsGeneration) else { return nil }
        return gaps
    }

    func store(_ gaps: SeatGaps, for row: Row, runsGeneration: Int) {
        store(.row(gaps), for: .row(row), runsGeneration: runsGeneration)
    }

    /// The lowest fare of each day from `firstDay` on (`days` of them) between two stations, in
    /// `language`, if kept.
    func lowestFares(
        from origin: Int64, to destination: Int64, firstDay: CivilDate, days: Int, language: Language,
        runsGeneration: Int
    ) -> [CivilDate: DayFare]? {
        let key = Key.lowestFares(origin: origin, destination: destination, firstDay: firstDay, days: days, language: language)
        guard case .lowestFares(let fares) = part(key, runsGeneration: runsGeneration) else { return nil }
        return fares
    }

    func store(
        lowestFares fares: [CivilDate: DayFare], from origin: Int64, to destination: Int64, firstDay: CivilDate, days: Int,
        language: Language, runsGeneration: Int
    ) {
        store(
            .lowestFares(fares), for: .lowestFares(origin: origin, destination: destination, firstDay: firstDay, days: days, language: language),
            runsGeneration: runsGeneration)
    }

    /// The best connections with one change between two stations on `date`, if kept.
    func connections(from origin: Int64, to destination: Int64, on date: CivilDate, runsGeneration: Int) -> [TransferConnection]? {
        guard
            case .connections(let connections) = part(
                .connections(origin: origin, destination: destination, date: date),
                runsGeneration: runsGeneration)
        else { return nil }
        return connections
    }

    func store(connections: [TransferConnection], from origin: Int64, to destination: Int64, on date: CivilDate, runsGeneration: Int) {
        store(.connections(connections), for: .connections(origin: origin, destination: destination, date: date), runsGeneration: runsGeneration)
    }

    /// The date strip rendered for `key`, if kept.
    func dateStrip(_ key: DateStripKey, runsGeneration: Int) -> ResultsNavigation.DateStrip? {
        guard case .dateStrip(let strip) = part(.dateStrip(key), runsGeneration: runsGeneration) else { return nil }
        return strip
    }

    func store(_ strip: ResultsNavigation.DateStrip, for key: DateStripKey, runsGeneration: Int) {
        store(.dateStrip(strip), for: .dateStrip(key), runsGeneration: runsGeneration)
    }

    /// The filter fields rendered for `key`, if kept.
    func filterFields(_ key: FilterFieldsKey, runsGeneration: Int) -> [UInt8]? {
        guard case .filterFields(let html) = part(.filterFields(key), runsGeneration: runsGeneration) else { return nil }
        return html
    }

    func store(filterFields html: [UInt8], for key: FilterFieldsKey, runsGeneration: Int) {
        store(.filterFields(html), for: .filterFields(key), runsGeneration: runsGeneration)
    }

    private func part(_ key: Key, runsGeneration: Int) -> Part? {
        let stored = parts.withLock { $0.value(forKey: key) }
        guard let stored, stored.runsGeneration == runsGeneration else {
            misses.add(1, ordering: .relaxed)
            return nil
        }
        hits.add(1, ordering: .relaxed)
        return stored.part
    }

    private func store(_ part: Part, for key: Key, runsGeneration: Int) {
        let cost = part.bytes + MemoryLayout<Stored>.stride + key.bytes
        let forgotten = parts.withLock { $0.insert(Stored(part: part, runsGeneration: runsGeneration), cost: cost, forKey: key) }
        _ = forgotten // freed here, after unlocking
    }
}
