extension TicketChange {
    /// The trips a ticket for `current` could be changed to on `date`: every train (the ticket's own
    /// included) that calls at the ticket's exact origin station and later at its exact destination
    /// station, leaves that day and has not left, with each class's adult fare and seats left for
    /// that stretch. Empty outside the presale window.
    func alternatives(to current: RunLeg, on date: CivilDate, search: TripSearch, now: Int) throws -> [Trip] {
        guard presaleWindow.contains(date) else { return [] }
        let originID = current.train.stops[current.originIndex].stationID
        let destinationID = current.train.stops[current.destinationIndex].stationID
        guard let origin = timetable.station(originID), let destination = timetable.station(destinationID) else { return [] }
        return try search.trips(from: origin, to: destination, on: date, now: now).compactMap { trip in
            guard trip.origin.stationID == originID,
                let destinationIndex = trip.train.stopIndex(of: destinationID), destinationIndex > trip.originIndex
            else { return nil }
            if destinationIndex == trip.destinationIndex { return trip }
            return Trip(
                train: trip.train, run: trip.run, serviceDate: trip.serviceDate, originIndex: trip.originIndex,
                destinationIndex: destinationIndex,
                offers: try search.offers(trip.train, trip.run, from: trip.originIndex, to: destinationIndex))
        }
    }
}
