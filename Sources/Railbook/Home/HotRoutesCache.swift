import Locking
import Mustache

/// The hot routes as last counted, counted again at most every `freshness` seconds: the home page
/// is the site's busiest page, and the count reads the last week's tickets. The section that shows
/// a count is kept rendered too, per language and first day on sale, while the count and the
/// timetable (whose station names it shows) are those it was rendered from.
final class HotRoutesCache: Sendable {
    /// How long a count is shown before it is made again.
    static let freshness = 300

    /// A count, and the sections rendered from it.
    private struct Count {
        let countedAt: Int
        let routes: [HotRoutes.Route]
        /// The timetable the sections name stations from.
        var timetable: Timetable?
        var sections: [SectionKey: MustacheValue] = [:]
    }

    private struct SectionKey: Hashable {
        let language: Language
        let firstDay: CivilDate
    }

    private let last = Locked<Count?>(nil)

    /// The routes counted at most `freshness` seconds before `now`, or those `count` gives now.
    func routes(now: Int, count: () throws -> [HotRoutes.Route]) throws -> [HotRoutes.Route] {
        if let last = last.withLock({ $0 }), (last.countedAt...(last.countedAt + Self.freshness - 1)).contains(now) {
            return last.routes
        }
        let routes = try count()
        last.withLock { $0 = Count(countedAt: now, routes: routes) }
        return routes
    }

    /// The section showing `routes` (as `routes(now:count:)` gave them) in `language`, searched on
    /// `firstDay`: the one kept, or what `render` makes, kept while the count and `timetable` last.
    func section(
        _ routes: [HotRoutes.Route], timetable: Timetable, language: Language, firstDay: CivilDate,
        render: () throws -> [UInt8]
    ) throws -> MustacheValue {
        let key = SectionKey(language: language, firstDay: firstDay)
        let kept = last.withLock { last -> MustacheValue? in
            guard let last, last.routes == routes, last.timetable === timetable else { return nil }
            return last.sections[key]
        }
        if let kept { return kept }
        let section = MustacheValue.utf8(ArraySlice(try render()))
        last.withLock { last in
            guard var count = last, count.routes == routes else { return }
            if count.timetable !== timetable {
                count.timetable = timetable
                count.sections = [:]
            }
            count.sections[key] = section
            last = count
        }
        return section
    }
}
