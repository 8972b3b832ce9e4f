import Storage

extension Booking {
    /// Sells the same-train seat change `request` names to `travellers` on `leg`: worked out again
    /// on the coaches locked in this transaction, for the whole party, and sold only when it still
    /// changes at the stops the page showed; each leg a ticket per traveller in one order, and the
    /// order marked as one (`order_seat_changes`). Throws `seatChangeGone` when it does not hold, so
    /// the transaction keeps nothing.
    func sellSeatChange(
        _ request: BookingRequest, on leg: RunLeg, to travellers: [SeatSale.Traveller], userID: Int64, now: Int, in db: Database
    ) throws -> SeatSale.Outcome {
        // Seats come from the plan: no seat picks.
        let travellers = travellers.map { traveller in
            var unpicked = traveller
            unpicked.preference = .none
            return unpicked
        }
        let coaches = try CoachOccupancy.load(runID: leg.runID, seatClass: request.seatClass, in: db)
        guard
            let plan = SeatChangePlan.find(in: coaches, from: leg.originIndex, to: leg.destinationIndex, party: travellers.count),
            plan.changeIndices.map({ timetable.station(leg.train.stops[$0].stationID)?.telecode ?? "" }) == request.seatChangeAt
        else { throw BookingError.seatChangeGone }
        var first: SeatSale.Outcome?
        for part in plan.legs {
            let sale = SeatSale(timetable: timetable, leg: leg.part(from: part.originIndex, to: part.destinationIndex), seatClass: request.seatClass)
            let seats = SeatAllocator.Outcome(
                assignments: part.seats.map { SeatAllocator.Assignment(coach: $0.coach, seatIndex: $0.seatIndex) }, isTogether: true,
                honouredPreferences: true)
            let payment: SeatSale.Payment = first.map { .joining(orderID: $0.orderID) } ?? .due(holdSeconds: holdSeconds)
            guard let sold = try sale.sell(to: travellers, seats: seats, payment: payment, userID: userID, now: now, in: db) else {
                throw BookingError.seatChangeGone
            }
            first = first ?? sold
        }
        guard let first else { throw BookingError.seatChangeGone }
        try db.run("INSERT INTO order_seat_changes (order_id, run_id) VALUES (?, ?)", [first.orderID, leg.runID])
        return first
    }
}
