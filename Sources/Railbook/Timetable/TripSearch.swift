/// Finds every train that calls at a station of the origin's city and later at one of the
/// destination's city and leaves the origin on the given date, with exact seats left per class.
struct TripSearch {
    let timetable: Timetable
    let runs: RunDirectory
    let inventory: SeatInventory

    /// Direct trips from `origin` to `destination` leaving on `date` (China time) that can be
    /// booked: cancelled runs and trains that have already left (`now`, Unix seconds) are left out.
    func trips(from origin: Station, to destination: Station, on date: CivilDate, now: Int) throws -> [Trip] {
        try listedTrips(from: origin, to: destination, on: date, now: now).filter { !$0.isCancelled }
    }

    /// The trips the results page lists: those `trips` finds and the cancelled runs of the day,
    /// which are shown as cancelled (with their fares and no seats) rather than left out.
    func listedTrips(from origin: Station, to destination: Station, on date: CivilDate, now: Int) throws -> [Trip] {
        let nowMinute = (now + ChinaTime.offsetSeconds) / 60 - date.daysSinceEpoch * 1440
        var runsByDate: [CivilDate: [Int64: RunInfo]] = [:]
        var found: [(stretch: TripStretch, run: RunInfo, serviceDate: CivilDate)] = []
        for stretch in stretches(from: origin, to: destination) {
            let serviceDate = date.adding(days: -(stretch.departure / 1440))
            if runsByDate[serviceDate] == nil { runsByDate[serviceDate] = try runs.runs(on: serviceDate) }
            guard let run = runsByDate[serviceDate]?[stretch.train.id], stretch.departure % 1440 > nowMinute else { continue }
            found.append((stretch, run, serviceDate))
        }
        // The counts memory holds, for all trains under one lock; the others in one query.
        let counts = try inventory.freeSeats(
            try found.map { found in
                SeatInventory.Ask(
                    runID: found.run.id, seatClasses: found.stretch.train.seatClasses,
                    segment: try SegmentMask(from: found.stretch.originIndex, to: found.stretch.destinationIndex))
            })
        let trips = try zip(found, counts).map { found, seats in
            let stretch = found.stretch
            return Trip(
                train: stretch.train, run: found.run, serviceDate: found.serviceDate, originIndex: stretch.originIndex,
                destinationIndex: stretch.destinationIndex,
                offers: try offers(stretch.train, found.run, from: stretch.originIndex, to: stretch.destinationIndex, seatsLeft: seats))
        }
        return trips.sorted { ($0.departureTime, $0.train.number) < ($1.departureTime, $1.train.number) }
    }

    /// The lowest adult fare of the trains that run (not cancelled) from `origin` to `destination`
    /// on each of `dates`, read from the fares and the runs of each day, without counting seats; a
    /// date with no such train is missing.
    func lowestFares(from origin: Station, to destination: Station, on dates: [CivilDate]) throws -> [CivilDate: Int] {
        let stretches = stretches(from: origin, to: destination).map { stretch in
            (
                stretch,
                stretch.train.seatClasses.map {
                    Fares.price(of: stretch.train, from: stretch.originIndex, to: stretch.destinationIndex, seatClass: $0, in: timetable)
                }.min()
            )
        }
        var runsByDate: [CivilDate: [Int64: RunInfo]] = [:]
        var lowest: [CivilDate: Int] = [:]
        for date in dates {
            for (stretch, fare) in stretches {
                guard let fare, lowest[date].map({ fare < $0 }) ?? true else { continue }
                let serviceDate = date.adding(days: -(stretch.departure / 1440))
                if runsByDate[serviceDate] == nil { runsByDate[serviceDate] = try runs.runs(on: serviceDate) }
                guard let run = runsByDate[serviceDate]?[stretch.train.id], !run.isCancelled else { continue }
                lowest[date] = fare
            }
        }
        return lowest
    }

    /// Price and seats left for each class of `train` between two stops (a cancelled run has none
    /// left), and standing (无座) once no seated class has a seat left: with its places left, 0 when
    /// they are gone too (listed as sold out rather than left out). `seatsLeft` are the seated
    /// classes' counts when already read (in `train.seatClasses` order).
    func offers(_ train: Train, _ run: RunInfo, from origin: Int, to destination: Int, seatsLeft known: [Int]? = nil) throws -> [Trip.Offer] {
        let segment = try SegmentMask(from: origin, to: destination)
        let classes = train.seatClasses
        let seatsLeft = try known ?? inventory.freeSeats(runID: run.id, seatClasses: classes, segment: segment)
        let offers = try zip(classes, seatsLeft).map { seatClass, seats in
            Trip.Offer(
                seatClass: seatClass,
                priceFen: Fares.price(of: train, from: origin, to: destination, seatClass: seatClass, in: timetable),
                seatsLeft: run.isCancelled ? 0 : seats,
                seatChange: try seatChange(run, seatClass, from: origin, to: destination, seatsLeft: seats))
        }
        let seated = offers.filter { $0.seatClass.isSeated }
        guard !run.isCancelled, !seated.isEmpty, seated.allSatisfy({ $0.seatsLeft == 0 }), train.standingQuota > 0 else { return offers }
        let places = try inventory.freeStandingPlaces(runID: run.id, quota: train.standingQuota, segment: segment)
        return offers + [
            Trip.Offer(
                seatClass: .standing,
                priceFen: Fares.price(of: train, from: origin, to: destination, seatClass: .standing, in: timetable),
                seatsLeft: places)
        ]
    }

    /// The offers of `trips` (found before) with the seats left now, as `offers` gives them: the
    /// counts memory holds are read for all trips at once, the others as `offers` reads them.
    func currentOffers(of trips: [Trip]) throws -> [[Trip.Offer]] {
        let asks = try trips.map { trip in
            SeatInventory.Ask(
                runID: trip.run.id, seatClasses: trip.offers.compactMap { $0.seatClass == .standing ? nil : $0.seatClass },
                segment: try SegmentMask(from: trip.originIndex, to: trip.destinationIndex))
        }
        return try zip(trips, inventory.rememberedFreeSeats(asks)).map { trip, counts in
            if trip.isCancelled { return trip.offers } // no seats, whatever is sold
            // Read again what memory does not hold, and where standing places are or may be offered.
            guard let counts, counts.count == trip.offers.count,
                zip(trip.offers, counts).contains(where: { $0.seatClass.isSeated && $1 > 0 }) || trip.train.standingQuota == 0
            else {
                return try offers(trip.train, trip.run, from: trip.originIndex, to: trip.destinationIndex)
            }
            return try zip(trip.offers, counts).map { offer, seats in
                Trip.Offer(
                    seatClass: offer.seatClass, priceFen: offer.priceFen, seatsLeft: seats,
                    seatChange: try seatChange(trip.run, offer.seatClass, from: trip.originIndex, to: trip.destinationIndex, seatsLeft: seats))
            }
        }
    }

    /// The same-train seat change offered for a seated class with no seat left on a run that goes.
    private func seatChange(_ run: RunInfo, _ seatClass: SeatClass, from origin: Int, to destination: Int, seatsLeft: Int) throws
        -> SeatChangePlan?
    {
        guard seatsLeft == 0, !run.isCancelled, seatClass != .standing else { return nil }
        return try inventory.seatChange(runID: run.id, seatClass: seatClass, from: origin, to: destination)
    }

    /// Every train's call at a station of the origin's city followed by a call in the destination's
    /// city, worked out once per pair and timetable (`TripStretch.Memo`).
    private func stretches(from origin: Station, to destination: Station) -> [TripStretch] {
        timetable.stretchMemo.stretches(from: origin.id, to: destination.id) {
            let origins = Set((timetable.stationsByCity[origin.city] ?? [origin]).map(\.id))
            let destinations = Set((timetable.stationsByCity[destination.city] ?? [destination]).map(\.id))
            return origins.flatMap { stationID in
                (timetable.callsByStation[stationID] ?? []).compactMap { call -> TripStretch? in
                    let train = timetable.trains[call.train]
                    guard let departure = train.stops[call.stop].departureMinute,
                        let arrivalIndex = train.stops.indices.dropFirst(call.stop + 1).first(where: {
                            destinations.contains(train.stops[$0].stationID)
                        })
                    else { return nil }
                    return TripStretch(train: train, originIndex: call.stop, destinationIndex: arrivalIndex, departure: departure)
                }
            }
        }
    }
}
