/// The change of destination page (`tickets/destination`, 变更到站): the ticket, and each other stop
/// of its train after the origin with the fare to it at the ticket's type and class, the difference
/// and a link to confirm; or why the destination can no longer be changed.
struct TicketDestinationPageViewModel: Encodable {
    /// A stop the ticket's destination can be changed to.
    struct Stop: Encodable {
        let code: String
        let name: String
        let arrives: String
        let price: String
        /// The signed difference from the ticket's fare: "+¥138", "-¥138".
        let difference: String
        let confirmHref: String
    }

    let ticket: OrderTicketViewModel
    let stops: [Stop]
    let problem: String?
    let orderHref: String

    /// The page of `owned` on `leg` (its current trip), refused with `problem` when it cannot change.
    init(_ owned: OwnedTicket, leg: RunLeg?, problem: String?, timetable: Timetable, text: TextLookup) {
        ticket = owned.summary(timetable: timetable, text: text)
        orderHref = owned.orderHref
        self.problem = problem
        guard let leg, problem == nil else {
            stops = []
            return
        }
        let ticket = owned.ticket
        stops = leg.train.stops.indices.filter { $0 > leg.originIndex && $0 != leg.destinationIndex }.compactMap { index in
            let stop = leg.train.stops[index]
            guard let station = timetable.station(stop.stationID) else { return nil }
            let adultFare = Fares.price(keepingBerthOf: ticket, train: leg.train, to: index, in: timetable)
            let price = Fares.price(adultFen: adultFare, ticketType: ticket.ticketType, seatClass: ticket.seatClass)
            let difference = price - ticket.priceFen
            return Stop(
                code: station.telecode, name: station.name(in: text.language), arrives: ClockTime.format(stop.arrivalOrDeparture),
                price: Money.format(price), difference: (difference > 0 ? "+" : "") + Money.format(difference),
                confirmHref:
                    "/tickets/\(ticket.id)/change/confirm?run=\(ticket.runID)&class=\(ticket.seatClass.rawValue)&to=\(station.telecode)")
        }
    }
}
