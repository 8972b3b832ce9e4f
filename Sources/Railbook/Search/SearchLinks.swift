import HTTP

/// The addresses of one search with another date or sort, every filter kept: a results page links
/// each day of its strip, each sort and the days before and after, so the query's parts are
/// encoded once and each link only joins them.
struct SearchLinks {
    /// `/search?from=…&to=…&date=`
    private let head: String
    /// The date as typed.
    private let date: String
    /// `&type=…&time=…&available=1&from_station=…&to_station=…`, or empty.
    private let filters: String
    private let sort: SearchQuery.Sort
    private let wantsTransfers: Bool

    init(_ query: SearchQuery) {
        head = "/search?from=" + PercentEncoding.encode(query.from) + "&to=" + PercentEncoding.encode(query.to) + "&date="
        date = query.date
        var filters = ""
        for type in query.types.map(\.rawValue).sorted() { filters += "&type=" + type }
        for window in query.windows.map(\.rawValue).sorted() { filters += "&time=" + window }
        if query.onlyWithSeats { filters += "&available=1" }
        for station in query.fromStations.sorted() { filters += "&from_station=" + PercentEncoding.encode(station) }
        for station in query.toStations.sorted() { filters += "&to_station=" + PercentEncoding.encode(station) }
        self.filters = filters
        sort = query.sort
        wantsTransfers = query.wantsTransfers
    }

    /// What the search chose besides its stations and date: its filters, sort and journeys with a
    /// change, as its address writes them (`&type=G&sort=price`), or empty.
    var choices: String {
        filters + (sort == .departure ? "" : "&sort=" + sort.rawValue) + (wantsTransfers ? "&transfers=1" : "")
    }

    /// The search's address with `date` and `sort` instead of its own, where given.
    func target(date newDate: String? = nil, sort newSort: SearchQuery.Sort? = nil) -> String {
        var target = ""
        target.reserveCapacity(head.utf8.count + 40 + filters.utf8.count)
        target += head
        target += PercentEncoding.encode(newDate ?? date)
        target += filters
        let sort = newSort ?? self.sort
        if sort != .departure { target += "&sort=" + sort.rawValue }
        if wantsTransfers { target += "&transfers=1" }
        return target
    }
}
