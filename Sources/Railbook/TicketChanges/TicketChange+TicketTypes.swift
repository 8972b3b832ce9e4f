import Storage

/// The ticket type of a change's new ticket, decided with the rules of booking for the new trip
/// (`TicketRules`): the old ticket's type while its passenger qualifies for it on the new trip, else
/// adult. A child ticket to a day the passenger is 14 or older, a student ticket to a class, day or
/// school year the student rule does not cover, becomes an adult ticket, and the fare difference
/// follows from it. A change that stays a student ticket uses no new student trip: the old ticket's
/// trip moves to the new one (as 12306 counts it); to another school year it needs a trip left there.
extension TicketChange {
    /// The type `ticket` is changed to on `leg` in `seatClass`, with the reason when it is not its own.
    func ticketType(
        of ticket: Ticket, holder: TicketHolder, on leg: RunLeg, seatClass: SeatClass,
        in db: Database
    ) throws -> TicketRules.Recheck {
        var rules = TicketRules(timetable: timetable, leg: leg, seatClass: seatClass)
        rules.replacedTicketID = ticket.id
        return try rules.recheck(ticket.ticketType, for: holder, in: db)
    }

    /// The type `ticket` would be changed to on each trip and class offered, by run id and class;
    /// the change page prices each class with it.
    func ticketTypes(of ticket: Ticket, on trips: [Trip], in db: Database) throws -> [Int64: [SeatClass: PassengerType]] {
        guard ticket.ticketType != .adult else { return [:] }
        let holder = try TicketHolder.of(ticket, in: db)
        var types: [Int64: [SeatClass: PassengerType]] = [:]
        for trip in trips {
            let leg = RunLeg(
                runID: trip.run.id, train: trip.train, serviceDate: trip.serviceDate, isCancelled: false,
                originIndex: trip.originIndex, destinationIndex: trip.destinationIndex)
            for offer in trip.offers {
                types[trip.run.id, default: [:]][offer.seatClass] = try ticketType(
                    of: ticket, holder: holder, on: leg,
                    seatClass: offer.seatClass, in: db
                ).ticketType
            }
        }
        return types
    }
}
