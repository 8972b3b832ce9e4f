/// Finds journeys with one change between two cities: a first train from any station of the origin's
/// city to an interchange in a third city, then a second train from that station (or another station
/// of the same city) to any station of the destination's city. Works on the in-memory timetable;
/// seats and prices are read only for the itineraries returned.
///
/// Rules:
/// - the first train leaves the origin on the travel date (China time);
/// - at least `sameStationChange` minutes to change at one station, `stationChange` minutes when
///   changing station, and at most `maximumWait` minutes of waiting, so the second train may leave
///   on the next day (an evening arrival, a night in the interchange city, a morning train);
/// - cancelled runs and runs outside the sold days are left out;
/// - no leg's train runs through from the origin's city to the destination's: that is a direct trip,
///   listed as such;
/// - ranked by arrival, then total duration (then same-station changes, then the longer change); one
///   itinerary per pair of runs (the best-ranked change between them); the first `limit` are kept.
struct TransferSearch {
    /// Shortest change at one station, in minutes.
    static let sameStationChange = 20
    /// Shortest change between two stations of one city, in minutes (crossing town).
    static let stationChange = 40
    /// Longest wait for the second train, in minutes: 12 hours covers a night at the interchange.
    static let maximumWait = 12 * 60

    /// The minutes a change needs: at one station, or between two stations of one city.
    static func minimumChange(arrivingAt arrivalStationID: Int64, leavingFrom departureStationID: Int64) -> Int {
        arrivalStationID == departureStationID ? sameStationChange : stationChange
    }

    /// How many itineraries a search returns.
    static let limit = 20

    /// The direct search, whose timetable, runs and seat inventory this one uses.
    let search: TripSearch

    /// The best itineraries with one change from `origin`'s city to `destination`'s, leaving on `date`.
    func itineraries(from origin: Station, to destination: Station, on date: CivilDate) throws -> [Itinerary] {
        try itineraries(of: try connections(from: origin, to: destination, on: date))
    }

    /// The itineraries of `connections` (found by `connections`, perhaps for an earlier request) with
    /// their legs' prices and seats left now.
    func itineraries(of connections: [TransferConnection]) throws -> [Itinerary] {
        let timetable = search.timetable
        return try connections.map { connection in
            Itinerary(first: try trip(connection.first, timetable), second: try trip(connection.second, timetable))
        }
    }

    /// The best connections with one change from `origin`'s city to `destination`'s, leaving on
    /// `date`, before seats and prices: the same for every search until the runs or timetable change.
    func connections(from origin: Station, to destination: Station, on date: CivilDate) throws -> [TransferConnection] {
        let timetable = search.timetable
        let originStations = timetable.stationsByCity[origin.city] ?? [origin]
        let originIDs = Set(originStations.map(\.id))
        let destinationIDs = Set((timetable.stationsByCity[destination.city] ?? [destination]).map(\.id))
        var runs = OpenRuns(directory: search.runs)
        var onward = OnwardCalls(timetable: timetable, originIDs: originIDs, destinationIDs: destinationIDs)
        var ranking = TransferRanking(limit: TransferSearch.limit)
        for station in originStations {
            for call in timetable.callsByStation[station.id] ?? [] {
                let train = timetable.trains[call.train]
                guard let departure = train.stops[call.stop].departureMinute,
                    !train.stops[(call.stop + 1)...].contains(where: { destinationIDs.contains($0.stationID) })
                else { continue }
                let serviceDate = date.adding(days: -(departure / 1440))
                guard let run = try runs.open(train, on: serviceDate) else { continue }
                for alight in (call.stop + 1)..<train.stops.count where !originIDs.contains(train.stops[alight].stationID) {
                    let first = TransferLeg(
                        train: call.train, run: run, serviceDate: serviceDate, board: call.stop,
                        alight: alight, in: timetable)
                    try connect(first, timetable: timetable, onward: &onward, runs: &runs, into: &ranking)
                }
            }
        }
        return ranking.best()
    }

    /// Ranks every second train that leaves in time from the interchange's city after `first`.
    private func connect(
        _ first: TransferLeg, timetable: Timetable, onward: inout OnwardCalls, runs: inout OpenRuns,
        into ranking: inout TransferRanking
    ) throws {
        let arrivalStationID = timetable.trains[first.train].stops[first.alight].stationID
        guard let interchange = timetable.station(arrivalStationID) else { return }
        for station in timetable.stationsByCity[interchange.city] ?? [interchange] {
            let minimum = TransferSearch.minimumChange(arrivingAt: arrivalStationID, leavingFrom: station.id)
            let earliest = first.arrivalTime + minimum, latest = first.arrivalTime + TransferSearch.maximumWait
            for call in onward.calls(from: station.id) {
                let day = Self.daysRoundingUp(earliest - call.departure)
                guard day * 1440 + call.departure <= latest else { continue }
                let serviceDate = CivilDate(daysSinceEpoch: day)
                let train = timetable.trains[call.train]
                guard ranking.mightKeep(arrivalTime: day * 1440 + train.stops[call.alight].arrivalOrDeparture),
                    let run = try runs.open(train, on: serviceDate)
                else { continue }
                let second = TransferLeg(
                    train: call.train, run: run, serviceDate: serviceDate, board: call.board,
                    alight: call.alight, in: timetable)
                ranking.insert(TransferConnection(first: first, second: second, changesStation: station.id != arrivalStationID))
            }
        }
    }

    /// A leg with its prices and seats left, as the results page shows it.
    private func trip(_ leg: TransferLeg, _ timetable: Timetable) throws -> Trip {
        let train = timetable.trains[leg.train]
        return Trip(
            train: train, run: leg.run, serviceDate: leg.serviceDate, originIndex: leg.board, destinationIndex: leg.alight,
            offers: try search.offers(train, leg.run, from: leg.board, to: leg.alight))
    }

    /// `minutes / 1440` rounded towards positive infinity.
    private static func daysRoundingUp(_ minutes: Int) -> Int {
        minutes >= 0 ? (minutes + 1439) / 1440 : -(-minutes / 1440)
    }
}

/// The runs of each service date met during one search, cancelled ones left out.
private struct OpenRuns {
    let directory: RunDirectory
    private var byDate: [CivilDate: [Int64: RunInfo]] = [:]

    init(directory: RunDirectory) {
        self.directory = directory
    }

    /// `train`'s run on `date`, or nil when it does not exist or is cancelled.
    mutating func open(_ train: Train, on date: CivilDate) throws -> RunInfo? {
        if byDate[date] == nil { byDate[date] = try directory.runs(on: date) }
        guard let run = byDate[date]?[train.id], !run.isCancelled else { return nil }
        return run
    }
}

/// For each station asked about, the trains that leave it and later reach the destination's city
/// without having called in the origin's city first; worked out once per station and search.
private struct OnwardCalls {
    struct Call {
        let train: Int
        let board: Int
        /// The first stop in the destination's city.
        let alight: Int
        let departure: Int
    }

    let timetable: Timetable
    let originIDs: Set<Int64>
    let destinationIDs: Set<Int64>
    private var byStation: [Int64: [Call]] = [:]

    init(timetable: Timetable, originIDs: Set<Int64>, destinationIDs: Set<Int64>) {
        self.timetable = timetable
        self.originIDs = originIDs
        self.destinationIDs = destinationIDs
    }

    mutating func calls(from stationID: Int64) -> [Call] {
        if let calls = byStation[stationID] { return calls }
        let calls = (timetable.callsByStation[stationID] ?? []).compactMap { call -> Call? in
            let stops = timetable.trains[call.train].stops
            guard let departure = stops[call.stop].departureMinute,
                !stops[..<call.stop].contains(where: { originIDs.contains($0.stationID) }),
                let alight = stops.indices.dropFirst(call.stop + 1).first(where: { destinationIDs.contains(stops[$0].stationID) })
            else { return nil }
            return Call(train: call.train, board: call.stop, alight: alight, departure: departure)
        }
        byStation[stationID] = calls
        return calls
    }
}
