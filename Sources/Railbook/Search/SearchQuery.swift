import HTTP

/// A trip search as typed into the form or link: stations, date, filters and sort. Unknown filter
/// values are problems to report, never silently ignored.
struct SearchQuery: Sendable {
    /// Parts of the day to filter departures by.
    enum DepartureWindow: String, CaseIterable, Sendable {
        case night = "0-6"
        case morning = "6-12"
        case afternoon = "12-18"
        case evening = "18-24"
        var minutes: Range<Int> {
            switch self {
            case .night: 0..<360
            case .morning: 360..<720
            case .afternoon: 720..<1080
            case .evening: 1080..<1440
            }
        }
    }

    /// Orders of the results.
    enum Sort: String, CaseIterable, Sendable { case departure, arrival, duration, price }

    var from: String
    var to: String
    var date: String
    var types: Set<TrainType> = []
    var windows: Set<DepartureWindow> = []
    var onlyWithSeats = false
    var fromStations: Set<String> = []
    var toStations: Set<String> = []
    var sort = Sort.departure
    var wantsTransfers = false
    /// Message keys of values that could not be understood.
    var problems: [String] = []

    init(query: Parameters) {
        from = String((query["from"] ?? "").prefix(30))
        to = String((query["to"] ?? "").prefix(30))
        date = String((query["date"] ?? "").prefix(10))
        for value in query.all("type") {
            if let type = TrainType(rawValue: value) { types.insert(type) } else { problems.append("error_filter_invalid") }
        }
        for value in query.all("time") {
            if let window = DepartureWindow(rawValue: value) { windows.insert(window) } else { problems.append("error_filter_invalid") }
        }
        onlyWithSeats = query["available"] == "1"
        fromStations = Set(query.all("from_station").prefix(20))
        toStations = Set(query.all("to_station").prefix(20))
        if let sortText = query["sort"] {
            if let sort = Sort(rawValue: sortText) { self.sort = sort } else { problems.append("error_sort_invalid") }
        }
        wantsTransfers = query["transfers"] == "1"
    }

    /// The query string of this search with `date` replaced, keeping every filter.
    func target(date newDate: String? = nil, sort newSort: Sort? = nil) -> String {
        SearchLinks(self).target(date: newDate, sort: newSort)
    }

    /// Keeps the trips the filters allow, in the chosen order.
    func apply(to trips: [Trip], timetable: Timetable) -> [Trip] {
        let kept = trips.filter { trip in
            (types.isEmpty || types.contains(trip.train.type))
                && (windows.isEmpty || windows.contains { $0.minutes.contains(trip.departureMinute % 1440) })
                && (!onlyWithSeats || trip.hasSeats)
                && (fromStations.isEmpty || fromStations.contains(timetable.station(trip.origin.stationID)?.telecode ?? ""))
                && (toStations.isEmpty || toStations.contains(timetable.station(trip.destination.stationID)?.telecode ?? ""))
        }
        switch sort {
        case .departure: return kept
        case .arrival: return kept.sorted { ($0.arrivalTime, $0.departureTime) < ($1.arrivalTime, $1.departureTime) }
        case .duration: return kept.sorted { ($0.durationMinutes, $0.departureTime) < ($1.durationMinutes, $1.departureTime) }
        case .price: return kept.sorted { ($0.lowestPrice, $0.departureTime) < ($1.lowestPrice, $1.departureTime) }
        }
    }
}
