/// Finds every train that calls at a station of the origin's city and later at one of the
/// destination's city and leaves the origin on the given date, with exact seats left per class.
struct TripSearch {
    let timetable: Timetable
    let runs: RunDirectory
    let inventory: SeatInventory

    /// Direct trips from `origin` to `destination` leaving on `date` (China time); cancelled runs and
    /// trains that have already left (`now`, Unix seconds) are left out.
    func trips(from origin: Station, to destination: Station, on date: CivilDate, now: Int) throws -> [Trip] {
        let nowMinute = (now + ChinaTime.offsetSeconds) / 60 - date.daysSinceEpoch * 1440
        let origins = Set((timetable.stationsByCity[origin.city] ?? [origin]).map(\.id))
        let destinations = Set((timetable.stationsByCity[destination.city] ?? [destination]).map(\.id))
        var runsByDate: [CivilDate: [Int64: RunInfo]] = [:]
        var trips: [Trip] = []
        for stationID in origins {
            for call in timetable.callsByStation[stationID] ?? [] {
                let train = timetable.trains[call.train]
                guard let departure = train.stops[call.stop].departureMinute,
                      let arrivalIndex = train.stops.indices.dropFirst(call.stop + 1).first(where: {
                          destinations.contains(train.stops[$0].stationID) }) else { continue }
                let serviceDate = date.adding(days: -(departure / 1440))
                if runsByDate[serviceDate] == nil { runsByDate[serviceDate] = try runs.runs(on: serviceDate) }
                guard let run = runsByDate[serviceDate]?[train.id], !run.isCancelled,
                      departure % 1440 > nowMinute else { continue }
                trips.append(Trip(train: train, run: run, serviceDate: serviceDate, originIndex: call.stop,
                                  destinationIndex: arrivalIndex,
                                  offers: try offers(train, run, from: call.stop, to: arrivalIndex)))
            }
        }
        return trips.sorted { ($0.departureTime, $0.train.number) < ($1.departureTime, $1.train.number) }
    }

    /// Price and seats left for each class of `train` between two stops, and standing (无座) once no
    /// seated class has a seat left while standing places are.
    func offers(_ train: Train, _ run: RunInfo, from origin: Int, to destination: Int) throws -> [Trip.Offer] {
        let segment = try SegmentMask(from: origin, to: destination)
        let classes = train.seatClasses
        let seatsLeft = try inventory.freeSeats(runID: run.id, seatClasses: classes, segment: segment)
        let offers = zip(classes, seatsLeft).map { seatClass, seats in
            Trip.Offer(seatClass: seatClass,
                       priceFen: Fares.price(of: train, from: origin, to: destination, seatClass: seatClass, in: timetable),
                       seatsLeft: seats)
        }
        let seated = offers.filter { $0.seatClass.isSeated }
        guard train.standingQuota > 0, !seated.isEmpty, seated.allSatisfy({ $0.seatsLeft == 0 }) else { return offers }
        let places = try inventory.freeStandingPlaces(runID: run.id, quota: train.standingQuota, segment: segment)
        guard places > 0 else { return offers }
        return offers + [Trip.Offer(seatClass: .standing,
                                    priceFen: Fares.price(of: train, from: origin, to: destination, seatClass: .standing, in: timetable),
                                    seatsLeft: places)]
    }
}
