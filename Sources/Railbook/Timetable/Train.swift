import Storage

/// A train's call at a station. Times are minutes after midnight of the day the train starts
/// (so 25:10 on the next day is 1510); the first stop has no arrival, the last no departure.
public struct Stop: Sendable, Equatable {
    public let stationID: Int64
    public let arrivalMinute: Int?
    public let departureMinute: Int?
    public let distanceKm: Int

    public init(stationID: Int64, arrivalMinute: Int?, departureMinute: Int?, distanceKm: Int) {
        self.stationID = stationID
        self.arrivalMinute = arrivalMinute
        self.departureMinute = departureMinute
        self.distanceKm = distanceKm
    }

    /// When the train leaves (or, at the last stop, arrives).
    var departureOrArrival: Int { departureMinute ?? arrivalMinute ?? 0 }
    /// When the train arrives (or, at the first stop, leaves).
    var arrivalOrDeparture: Int { arrivalMinute ?? departureMinute ?? 0 }
    /// Minutes the train stands at the station, or nil at the ends.
    var dwell: Int? {
        guard let arrivalMinute, let departureMinute else { return nil }
        return departureMinute - arrivalMinute
    }
}

/// A train: its number and type, its stops in order and its coaches.
public struct Train: Sendable {
    public let id: Int64
    public let number: String
    public let type: TrainType
    public let stops: [Stop]
    public let coaches: [Coach]
    /// The standing places an administrator set (`trains.standing_quota`), nil for the default.
    public var standingQuotaSetting: Int? = nil
    /// The seat classes the train sells, in the usual order (worked out once: every search asks).
    let seatClasses: [SeatClass]

    init(id: Int64, number: String, type: TrainType, stops: [Stop], coaches: [Coach], standingQuotaSetting: Int? = nil) {
        self.id = id
        self.number = number
        self.type = type
        self.stops = stops
        self.coaches = coaches
        self.standingQuotaSetting = standingQuotaSetting
        seatClasses = Set(coaches.map(\.seatClass)).sorted()
    }

    /// The position of `stationID` among the stops, or nil when the train does not call there.
    func stopIndex(of stationID: Int64) -> Int? {
        stops.firstIndex { $0.stationID == stationID }
    }

    /// The class whose fare standing tickets cost: second class, else hard seat; nil when the train has neither.
    var standingFareClass: SeatClass? {
        seatClasses.first { $0 == .second } ?? seatClasses.first { $0 == .hardSeat }
    }

    /// The default standing quota: 5% of the train's seats (berths do not count).
    var defaultStandingQuota: Int {
        coaches.filter { $0.seatClass.isSeated }.reduce(0) { $0 + $1.seatCount } * 5 / 100
    }

    /// How many standing passengers a run may carry on any segment: the administrators' setting or
    /// the default, and none on a train without a seat fare to charge.
    var standingQuota: Int { standingFareClass == nil ? 0 : standingQuotaSetting ?? defaultStandingQuota }

    /// True when the train sells `seatClass`: a class of its coaches, or standing while it has a quota.
    func sells(_ seatClass: SeatClass) -> Bool {
        seatClass == .standing ? standingQuota > 0 : seatClasses.contains(seatClass)
    }

    /// Inserts a train with its stops and coaches (the standard composition when none is given); returns its id.
    @discardableResult
    static func insert(number: String, stops: [Stop], coaches: [Coach]? = nil, in db: Database) throws -> Int64 {
        guard let type = TrainType(number: number) else { throw TimetableError.invalidTrainNumber(number) }
        let trainID = try db.insert("INSERT INTO trains (number, train_type) VALUES (?, ?) RETURNING id", [number, type.rawValue])
        for (sequence, stop) in stops.enumerated() {
            try db.run(
                """
                INSERT INTO stops (train_id, sequence, station_id, arrival_minute, departure_minute, distance_km)
                VALUES (?, ?, ?, ?, ?, ?)
                """, [trainID, sequence, stop.stationID, stop.arrivalMinute, stop.departureMinute, stop.distanceKm])
        }
        for coach in coaches ?? CoachLayout.standard(for: type) {
            try db.run(
                "INSERT INTO coaches (train_id, coach_number, seat_class, seat_count) VALUES (?, ?, ?, ?)",
                [trainID, coach.number, coach.seatClass.rawValue, coach.seatCount])
        }
        return trainID
    }
}

/// Why timetable data was refused.
enum TimetableError: Error, Equatable {
    case invalidTrainNumber(String)
    case unknownStation(String)
    case malformedLine(String)
}
