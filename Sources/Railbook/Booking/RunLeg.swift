import Storage

/// A run between two of its stops, resolved from ids and telecodes: what the book page shows and
/// what a booking needs (times as Unix seconds in China time).
struct RunLeg: Sendable {
    let runID: Int64
    let train: Train
    let serviceDate: CivilDate
    let isCancelled: Bool
    let originIndex: Int
    let destinationIndex: Int

    /// Finds the run and the stops; throws `BookingError` when they do not make a valid trip.
    static func resolve(runID: Int64, from fromCode: String, to toCode: String, timetable: Timetable, in db: Database) throws -> RunLeg {
        guard let row = try db.queryOne("SELECT train_id, service_date, status FROM runs WHERE id = ?", [runID]),
            let train = timetable.train(id: try row.int64("train_id")),
            let serviceDate = CivilDate(iso: try row.string("service_date"))
        else { throw BookingError.runNotFound }
        guard let origin = timetable.stationsByTelecode[fromCode], let destination = timetable.stationsByTelecode[toCode],
            let originIndex = train.stopIndex(of: origin.id), let destinationIndex = train.stopIndex(of: destination.id),
            originIndex < destinationIndex
        else { throw BookingError.stopsInvalid }
        return RunLeg(
            runID: runID, train: train, serviceDate: serviceDate,
            isCancelled: try row.decode(RunStatus.self, "status") == .cancelled,
            originIndex: originIndex, destinationIndex: destinationIndex)
    }

    /// The leg as `resolve` finds it, or nil when the ids and telecodes make no valid trip (a page
    /// answers 404); a database that fails or a stored value that cannot be read is thrown, never
    /// taken for a trip that does not exist.
    static func find(runID: Int64, from fromCode: String, to toCode: String, timetable: Timetable, in db: Database) throws -> RunLeg? {
        do {
            return try resolve(runID: runID, from: fromCode, to: toCode, timetable: timetable, in: db)
        } catch is BookingError {
            return nil
        }
    }

    /// The part of the run's route between stops `origin` and `destination` (a leg of a same-train seat change).
    func part(from origin: Int, to destination: Int) -> RunLeg {
        RunLeg(
            runID: runID, train: train, serviceDate: serviceDate, isCancelled: isCancelled, originIndex: origin,
            destinationIndex: destination)
    }

    /// Leaves the origin, as Unix seconds.
    var departsAt: Int { RunLeg.unixTime(serviceDate, minute: train.stops[originIndex].departureOrArrival) }
    /// Reaches the destination, as Unix seconds.
    var arrivesAt: Int { RunLeg.unixTime(serviceDate, minute: train.stops[destinationIndex].arrivalOrDeparture) }
    /// The date (China time) the traveller leaves the origin.
    var travelDate: CivilDate { serviceDate.adding(days: train.stops[originIndex].departureOrArrival / 1440) }
    var segment: SegmentMask { get throws { try SegmentMask(from: originIndex, to: destinationIndex) } }

    /// Unix seconds of `minute` after midnight (China time) of `date`.
    static func unixTime(_ date: CivilDate, minute: Int) -> Int {
        date.daysSinceEpoch * 86_400 - ChinaTime.offsetSeconds + minute * 60
    }
}
