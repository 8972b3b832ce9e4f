import Locking
import Mustache

/// The month's calendar as the home page shows it, rendered once a day per language and trip: its
/// 30-odd day cells (lunar dates, holidays, what each day offers) are the same for every visitor of
/// that day who last searched the same trip, and were more than half of the page to build and render. Kept while
/// the timetable and runs are those it was made with (station names resolve through them), for at
/// most `capacity` months at once, the least recently shown going first.
final class HomeCalendarCache: Sendable {
    struct Key: Hashable, Sendable {
        let today: CivilDate
        let language: Language
        let month: CalendarMonth
        let from: String
        let to: String
    }

    private struct Stored: Sendable {
        let value: MustacheValue
        let runsGeneration: Int
    }

    /// How many months are kept.
    static let capacity = 256
    private let months = Locked(LRUCache<Key, Stored>(budget: HomeCalendarCache.capacity * (1 + LRUCache<Key, Stored>.bookkeepingBytes)))

    /// The calendar's section for `key` as HTML to place into the page: what `render` makes, unless
    /// kept from under `runsGeneration`.
    func value(_ key: Key, runsGeneration: Int, render: () throws -> [UInt8]) throws -> MustacheValue {
        if let stored = months.withLock({ $0.value(forKey: key) }), stored.runsGeneration == runsGeneration { return stored.value }
        let value = MustacheValue.utf8(ArraySlice(try render()))
        let forgotten = months.withLock { $0.insert(Stored(value: value, runsGeneration: runsGeneration), cost: 1, forKey: key) }
        _ = forgotten // freed here, after unlocking
        return value
    }
}
