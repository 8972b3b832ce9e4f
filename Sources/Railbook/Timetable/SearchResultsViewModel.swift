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

    func values(trips: [Trip], allTrips: [Trip], origin: Station, destination: Station) -> [String: MustacheValue] {
        let timetable = railway.timetable
        let window = railway.presaleWindow(today: today)
        let rows = TripRowViewModel(renderer: renderer, context: context, timetable: timetable, travelDate: date)
        var values: [String: MustacheValue] = [
            "hasResults": .bool(true),
            "summary": .string(text("search_summary", [origin.name(in: context.language), destination.name(in: context.language), date.description, String(trips.count)])),
            "count": .int(trips.count),
            "trips": .list(trips.map(rows.value)),
            "hasTrips": .bool(!trips.isEmpty),
            "dates": .list(dateStrip(window)),
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

    /// The strip's days (worked out once a day, `DateStripDays`) with this search's links.
    private func dateStrip(_ window: ClosedRange<CivilDate>) -> [MustacheValue] {
        stripDays.days(of: window, language: context.language).map { day in
            var values = day.values
            values["href"] = .string(query.target(date: day.date.description))
            values["current"] = .bool(day.date == date)
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
        return .object([
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
