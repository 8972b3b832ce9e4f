import HTTP
import Mustache

/// The results page's values: the trips, the date strip, filters, sort links and day links.
struct SearchResultsViewModel {
    let renderer: PageRenderer
    let context: AppContext
    let railway: Railway
    let query: SearchQuery
    let date: CivilDate
    let today: CivilDate
    let stripDays: DateStripDays

    /// `trips` are those the filters keep (cancelled runs among them), `allTrips` every trip of the
    /// day; `lowestFares` the cheapest fare of each day of the date strip that has one. The rows'
    /// seat counts are `SeatGaps` markers, by position in `allTrips`.
    func values(trips: [Trip], allTrips: [Trip], origin: Station, destination: Station,
                lowestFares: [CivilDate: Int]) -> [String: MustacheValue] {
        let timetable = railway.timetable
        let window = railway.presaleWindow(today: today)
        let columns = Set(trips.flatMap { $0.offers.map(\.seatClass) }).sorted()
        let usual = Self.usualStations(of: trips)
        let rows = TripRowViewModel(renderer: renderer, context: context, timetable: timetable, travelDate: date,
                                    columns: columns, usualStations: usual)
        let usualRoute = usual.flatMap { usual in
            timetable.station(usual.origin).flatMap { from in timetable.station(usual.destination).map { (from, $0) } }
        }
        let positions = Dictionary(allTrips.enumerated().map { ($1.identity, $0) }, uniquingKeysWith: { first, _ in first })
        var values: [String: MustacheValue] = [
            "hasResults": .bool(true),
            "summary": .string(text("search_summary", [origin.name(in: context.language), destination.name(in: context.language), date.description, String(trips.count)])),
            "heading": .string(usualRoute.map {
                text("results_heading_route", [String(trips.count), $0.0.name(in: context.language), $0.1.name(in: context.language)])
            } ?? text("results_heading", [String(trips.count)])),
            "count": .int(trips.count),
            "columns": .list(columns.map { .object(["code": .string($0.rawValue), "name": .string(text($0.messageKey))]) }),
            "columnCount": .int(columns.count),
            "trips": .list(trips.map { rows.value($0, gapsAt: positions[$0.identity]) }),
            "hasTrips": .bool(!trips.isEmpty),
            "dates": .list(dateStrip(window, lowestFares: lowestFares)),
            "calendarHref": .string(calendarHref),
            "sorts": .list(SearchQuery.Sort.allCases.map { sort in
                .object(["label": .string(text("sort_\(sort.rawValue)")), "href": .string(query.target(sort: sort)),
                         "current": .bool(sort == query.sort)])
            }),
            "filters": filters(allTrips, timetable: timetable),
            "transfersHref": .string(query.target() + (query.wantsTransfers ? "" : "&transfers=1")),
        ]
        if date > window.lowerBound { values["previousHref"] = .string(query.target(date: date.adding(days: -1).description)) }
        if date < window.upperBound { values["nextHref"] = .string(query.target(date: date.adding(days: 1).description)) }
        return values
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
              let destination = mostCommon(trips.map(\.destination.stationID)) else { return nil }
        return (origin, destination)
    }

    /// The strip's days (worked out once a day, `DateStripDays`) with this search's links and each
    /// day's lowest fare.
    private func dateStrip(_ window: ClosedRange<CivilDate>, lowestFares: [CivilDate: Int]) -> [MustacheValue] {
        stripDays.days(of: window, language: context.language).map { day in
            var values = day.values
            values["href"] = .string(query.target(date: day.date.description))
            values["current"] = .bool(day.date == date)
            values["lowestFare"] = lowestFares[day.date].map { .string(text("date_strip_from_price", [Money.format($0)])) } ?? .null
            values["lowestFen"] = lowestFares[day.date].map { .int($0) } ?? .null
            return .object(values)
        }
    }

    /// The calendar of the searched date's month for the same trip.
    private var calendarHref: String {
        "/calendar?month=" + CalendarMonth(of: date).description + "&from=" + PercentEncoding.encode(query.from)
            + "&to=" + PercentEncoding.encode(query.to)
    }

    private func filters(_ trips: [Trip], timetable: Timetable) -> MustacheValue {
        func option(_ name: String, _ value: String, _ label: String, _ checked: Bool) -> MustacheValue {
            .object(["name": .string(name), "value": .string(value), "label": .string(label), "checked": .bool(checked),
                     "id": .string("filter-\(name)-\(value)")])
        }
        let types = TrainType.allCases.map { option("type", $0.rawValue, text($0.messageKey), query.types.contains($0)) }
        let windows = SearchQuery.DepartureWindow.allCases.map {
            option("time", $0.rawValue, text("time_window_\($0.rawValue.replacingAll("-", with: "_"))"), query.windows.contains($0))
        }
        func stations(_ ids: [Int64], name: String, chosen: Set<String>) -> [MustacheValue] {
            var seen = Set<Int64>()
            return ids.filter { seen.insert($0).inserted }.compactMap { timetable.station($0) }.map {
                option(name, $0.telecode, $0.name(in: context.language), chosen.contains($0.telecode))
            }
        }
        let fromStations = stations(trips.map(\.origin.stationID), name: "from_station", chosen: query.fromStations)
        let toStations = stations(trips.map(\.destination.stationID), name: "to_station", chosen: query.toStations)
        let chosen = query.types.count + query.windows.count + query.fromStations.count + query.toStations.count + (query.onlyWithSeats ? 1 : 0)
        return .object([
            "chosenCount": chosen > 0 ? .string(String(chosen)) : .null,
            "from": .string(query.from), "to": .string(query.to), "date": .string(query.date),
            "sort": query.sort == .departure ? .null : .string(query.sort.rawValue),
            "types": .list(types), "windows": .list(windows), "onlyWithSeats": .bool(query.onlyWithSeats),
            "fromStations": .list(fromStations), "hasFromStations": .bool(fromStations.count > 1),
            "toStations": .list(toStations), "hasToStations": .bool(toStations.count > 1),
        ])
    }

    private func text(_ key: String, _ arguments: [String] = []) -> String {
        renderer.messages.text(key, context.language, arguments: arguments)
    }
}
