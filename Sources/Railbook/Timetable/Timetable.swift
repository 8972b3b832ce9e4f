import Mustache
import Storage

/// Every station and train, read once from the database and kept in memory, indexed for search.
/// Immutable: a change to the timetable builds a new one (see `TimetableStore`).
public final class Timetable: Sendable {
    public let stations: [Station]
    public let trains: [Train]
    let stationsByID: [Int64: Station]
    let stationsByTelecode: [String: Station]
    let trainsByNumber: [String: Int]
    let trainsByID: [Int64: Int]
    /// For each station, the trains calling there: index into `trains` and the stop's position.
    let callsByStation: [Int64: [(train: Int, stop: Int)]]
    /// Stations of each city, for "same city" transfers and station filters.
    let stationsByCity: [String: [Station]]
    /// Stations by what travellers type: Chinese name, full pinyin or initials.
    let stationsBySpelling: [String: [Station]]
    /// The hot stations' names as the search form's `<datalist>` shows them (`SearchFormViewModel.StationOption`), encoded once.
    let hotStationOptions: MustacheValue
    /// The same options with the English names, for English pages.
    let englishHotStationOptions: MustacheValue

    /// The `<datalist>` options of hot stations in `language`.
    func hotStationOptions(in language: Language) -> MustacheValue {
        language == .english ? englishHotStationOptions : hotStationOptions
    }
    /// Fixed prices that replace the distance fare: train id → "from-to-class" → fen.
    let fareOverrides: [Int64: [String: Int]]
    /// The stretches of the pairs of stations searched in this timetable.
    let stretchMemo = TripStretch.Memo()

    init(stations: [Station], trains: [Train], fareOverrides: [Int64: [String: Int]]) {
        self.stations = stations
        self.trains = trains
        self.fareOverrides = fareOverrides
        stationsByID = Dictionary(uniqueKeysWithValues: stations.map { ($0.id, $0) })
        stationsByTelecode = Dictionary(uniqueKeysWithValues: stations.map { ($0.telecode, $0) })
        trainsByNumber = Dictionary(uniqueKeysWithValues: trains.enumerated().map { ($1.number, $0) })
        trainsByID = Dictionary(uniqueKeysWithValues: trains.enumerated().map { ($1.id, $0) })
        var calls: [Int64: [(train: Int, stop: Int)]] = [:]
        for (trainIndex, train) in trains.enumerated() {
            for (stopIndex, stop) in train.stops.enumerated() {
                calls[stop.stationID, default: []].append((trainIndex, stopIndex))
            }
        }
        callsByStation = calls
        stationsByCity = Dictionary(grouping: stations, by: \.city)
        var spellings: [String: [Station]] = [:]
        for station in stations {
            let english = StationResolver.normalize(station.englishName)
            for spelling in Set([station.name, station.pinyin, station.initials, english]) where !spelling.isEmpty {
                spellings[spelling, default: []].append(station)
            }
        }
        stationsBySpelling = spellings
        let hot = stations.filter(\.isHot)
        hotStationOptions = Self.options(hot.map(\.name))
        englishHotStationOptions = Self.options(hot.map { $0.name(in: .english) })
    }

    /// The `<datalist>` options of `names`, encoded once: every search form shows them.
    private static func options(_ names: [String]) -> MustacheValue {
        // Encoding a list of names cannot fail.
        (try? MustacheEncoder().encode(names.map(SearchFormViewModel.StationOption.init))) ?? .list([])
    }

    /// The station with `id`.
    func station(_ id: Int64) -> Station? { stationsByID[id] }

    /// The train with database id `id`.
    func train(id: Int64) -> Train? { trainsByID[id].map { trains[$0] } }

    /// The train numbered `number` (e.g. "G1").
    func train(number: String) -> Train? { trainsByNumber[number].map { trains[$0] } }

    /// Reads the whole timetable.
    static func load(from db: Database) throws -> Timetable {
        let stations = try db.query(Station.self, "SELECT \(Station.columns) FROM stations ORDER BY pinyin, id")
        var stopsByTrain: [Int64: [Stop]] = [:]
        for row in try db.query("SELECT train_id, station_id, arrival_minute, departure_minute, distance_km FROM stops ORDER BY train_id, sequence") {
            stopsByTrain[try row.int64("train_id"), default: []].append(
                Stop(
                    stationID: try row.int64("station_id"), arrivalMinute: try row.optionalInt("arrival_minute"),
                    departureMinute: try row.optionalInt("departure_minute"), distanceKm: try row.int("distance_km")))
        }
        var coachesByTrain: [Int64: [Coach]] = [:]
        for row in try db.query("SELECT train_id, coach_number, seat_class, seat_count FROM coaches ORDER BY train_id, coach_number") {
            let seatClass = try row.decode(SeatClass.self, "seat_class")
            coachesByTrain[try row.int64("train_id"), default: []].append(
                Coach(number: try row.int("coach_number"), seatClass: seatClass, seatCount: try row.int("seat_count")))
        }
        let trains = try db.query("SELECT id, number, train_type, standing_quota FROM trains ORDER BY number").map { row -> Train in
            let id = try row.int64("id")
            return Train(
                id: id, number: try row.string("number"), type: try row.decode(TrainType.self, "train_type"), stops: stopsByTrain[id] ?? [],
                coaches: coachesByTrain[id] ?? [], standingQuotaSetting: try row.optionalInt("standing_quota"))
        }
        var overrides: [Int64: [String: Int]] = [:]
        for row in try db.query("SELECT train_id, from_sequence, to_sequence, seat_class, price_fen FROM fare_overrides") {
            let key = Fares.overrideKey(
                from: try row.int("from_sequence"), to: try row.int("to_sequence"),
                seatClass: try row.string("seat_class"))
            overrides[try row.int64("train_id"), default: [:]][key] = try row.int("price_fen")
        }
        return Timetable(stations: stations, trains: trains, fareOverrides: overrides)
    }
}
