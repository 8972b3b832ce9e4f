// Builds its template values by hand, not as a typed view-model: the results section is rendered
// once and cached as HTML, and building by hand keeps that render fast (see docs/benchmarks.md).

import HTTP
import Mustache

/// The results page's values: the trips, the date strip, filters, sort links and day links.
struct SearchResultsViewModel {
    /// The copy of the page's language.
    let text: TextLookup
    let railway: Railway
    let query: SearchQuery
    let date: CivilDate
    let today: CivilDate
    let stripDays: DateStripDays
    let filterOptions: FilterOptions

    /// The rows of `trips` (those the filters keep): one cell per class any of them sells, stations
    /// named only where they differ from those most trains leave from and arrive at.
    func rows(of trips: [Trip]) -> TripRowViewModel {
        let columns = Set(trips.flatMap { $0.offers.map(\.seatClass) }).sorted()
        return TripRowViewModel(
            text: text, timetable: railway.timetable, travelDate: date,
            columns: columns, usualStations: Self.usualStations(of: trips))
    }

    /// `trips` are those the filters keep (cancelled runs among them), `allTrips` every trip of the
    /// day, at `positions`; `lowestFares` the cheapest fare of each day of the date strip that has
    /// one. Each row is a `SeatGaps.rowMarker` for its position in `allTrips`, rendered on its own (`rows`).
    /// The one line that says what was searched and found (the page's description).
    func summary(trips: [Trip], origin: Station, destination: Station) -> String {
        text(
            "search_summary", count: trips.count, origin.name(in: text.language), destination.name(in: text.language), date.description,
            String(trips.count))
    }

    func values(
        trips: [Trip], allTrips: [Trip], positions: [Trip.Identity: Int], rows: TripRowViewModel,
        origin: Station, destination: Station, lowestFares: [CivilDate: SearchPartsCache.DayFare],
        navigation: ResultsNavigation
    ) throws -> MustacheObject {
        let timetable = railway.timetable
        let window = railway.presaleWindow(today: today)
        let columns = rows.columns ?? []
        let usualRoute = rows.usualStations.flatMap { usual in
            timetable.station(usual.origin).flatMap { from in timetable.station(usual.destination).map { (from, $0) } }
        }
        let links = SearchLinks(query)
        var values: MustacheObject = [
            "hasResults": .bool(true),
            "summary": .string(summary(trips: trips, origin: origin, destination: destination)),
            "heading": .string(
                usualRoute.map {
                    text("results_heading_route", count: trips.count, String(trips.count), $0.0.name(in: text.language), $0.1.name(in: text.language))
                } ?? text("results_heading", count: trips.count)),
            "count": .int(trips.count),
            "columns": .list(columns.map { .object(["code": .string($0.rawValue), "name": .string(text($0.messageKey))]) }),
            "columnCount": .int(columns.count),
            "trips": .list(trips.compactMap { positions[$0.identity].map { .object(["row": .string(SeatGaps.rowMarker(trip: $0))]) } }),
            "hasTrips": .bool(!trips.isEmpty),
            "dateStrip": .utf8(
                try navigation.dateStrip(
                    stripDays.days(of: window, language: text.language), links: links,
                    lowestFares: lowestFares, origin: origin, destination: destination,
                    current: date)[...]),
            "calendarHref": .string(calendarHref),
            "sorts": .list(
                SearchQuery.Sort.allCases.map { sort in
                    .object([
                        "label": .string(text(Self.sortKey(sort))), "href": .string(links.target(sort: sort)),
                        "current": .bool(sort == query.sort),
                    ])
                }),
            "filters": try filters(allTrips, timetable: timetable, links: links, navigation: navigation),
            "transfersHref": .string(links.target() + (query.wantsTransfers ? "" : "&transfers=1")),
        ]
        if date > window.lowerBound { values["previousHref"] = .string(links.target(date: date.adding(days: -1).description)) }
        if date < window.upperBound { values["nextHref"] = .string(links.target(date: date.adding(days: 1).description)) }
        return values
    }

    /// Each trip's position in `trips`, which the seat gaps of its row name.
    static func positions(of trips: [Trip]) -> [Trip.Identity: Int] {
        Dictionary(trips.enumerated().map { ($1.identity, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The stations most of `trips` leave from and arrive at (the earliest train decides a tie).
    static func usualStations(of trips: [Trip]) -> (origin: Int64, destination: Int64)? {
        func mostCommon(_ ids: [Int64]) -> Int64? {
            let counts = Dictionary(ids.map { ($0, 1) }, uniquingKeysWith: +)
            var best: Int64?
            for id in ids where (counts[id] ?? 0) > (best.flatMap { counts[$0] } ?? 0) { best = id }
            return best
        }
        guard let origin = mostCommon(trips.map(\.origin.stationID)),
            let destination = mostCommon(trips.map(\.destination.stationID))
        else { return nil }
        return (origin, destination)
    }

    /// The calendar of the searched date's month for the same trip.
    private var calendarHref: String {
        "/calendar?month=" + CalendarMonth(of: date).description + "&from=" + PercentEncoding.encode(query.from)
            + "&to=" + PercentEncoding.encode(query.to)
    }

    /// The filter form: its fold and the stations and date it keeps, around its fields (the train
    /// types, parts of the day and stations of `trips`, checked as `query` chose them), which
    /// `navigation` renders once for every day of the same search.
    private func filters(_ trips: [Trip], timetable: Timetable, links: SearchLinks, navigation: ResultsNavigation) throws -> MustacheValue {
        func distinct(_ ids: [Int64]) -> [Int64] {
            var seen = Set<Int64>()
            return ids.filter { seen.insert($0).inserted }
        }
        let fromIDs = distinct(trips.map(\.origin.stationID)), toIDs = distinct(trips.map(\.destination.stationID))
        let fields = try navigation.filterFields(links: links, fromStations: fromIDs, toStations: toIDs) {
            func stations(_ ids: [Int64], name: String, chosen: Set<String>) -> [MustacheValue] {
                ids.compactMap { timetable.station($0) }.map {
                    FilterOptions.checked(FilterOptions.option(name, $0.telecode, $0.name(in: text.language)), chosen.contains($0.telecode))
                }
            }
            let fromStations = stations(fromIDs, name: "from_station", chosen: query.fromStations)
            let toStations = stations(toIDs, name: "to_station", chosen: query.toStations)
            return [
                "sort": query.sort == .departure ? .null : .string(query.sort.rawValue), "wantsTransfers": .bool(query.wantsTransfers),
                "types": .list(filterOptions.types(in: text.language, chosen: query.types)),
                "windows": .list(filterOptions.windows(in: text.language, chosen: query.windows)),
                "onlyWithSeats": .bool(query.onlyWithSeats),
                "fromStations": .list(fromStations), "hasFromStations": .bool(fromStations.count > 1),
                "toStations": .list(toStations), "hasToStations": .bool(toStations.count > 1),
            ]
        }
        let chosen = query.types.count + query.windows.count + query.fromStations.count + query.toStations.count + (query.onlyWithSeats ? 1 : 0)
        return .object([
            "chosenCount": chosen > 0 ? .string(String(chosen)) : .null,
            "from": .string(query.from), "to": .string(query.to), "date": .string(query.date), "fields": .utf8(fields[...]),
        ])
    }

    private static func sortKey(_ sort: SearchQuery.Sort) -> String {
        switch sort {
        case .departure: "sort_departure"
        case .arrival: "sort_arrival"
        case .duration: "sort_duration"
        case .price: "sort_price"
        }
    }
}
