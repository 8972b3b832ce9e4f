import Mustache

/// The change page's values: the ticket, the date picker limited to the presale window, and each
/// other trip between the same two stations with the passenger's fare per class (at the ticket type
/// the new ticket would have), the difference from the ticket's fare, seats left and a link to confirm.
struct TicketChangePageViewModel: MustacheRenderable {
    let renderer: PageRenderer
    let context: AppContext
    let timetable: Timetable
    let window: ClosedRange<CivilDate>
    let owned: OwnedTicket
    /// The day whose trips are listed.
    let date: CivilDate
    let trips: [Trip]
    /// The new ticket's type per run and class (`TicketChange.ticketTypes`); the ticket's own where missing.
    let ticketTypes: [Int64: [SeatClass: PassengerType]]
    /// False when the ticket can no longer be changed (`problem` says why).
    let canChange: Bool
    let problem: String?

    var mustacheValue: MustacheValue {
        var values = self.values(owned, date: date, trips: trips, now: context.now)
        values["canChange"] = .bool(canChange)
        values["problem"] = problem.map(MustacheValue.string) ?? .null
        return .object(values)
    }

    private func values(_ owned: OwnedTicket, date: CivilDate, trips: [Trip], now: Int) -> MustacheObject {
        let rows = TripRowViewModel(renderer: renderer, context: context, timetable: timetable, travelDate: date)
        return [
            "ticket": owned.summary(renderer, context, timetable: timetable, now: now),
            "ticketID": .string(String(owned.ticket.id)),
            "orderHref": .string(owned.orderHref),
            "date": .string(date.description),
            "firstDate": .string(window.lowerBound.description), "lastDate": .string(window.upperBound.description),
            "trips": .list(trips.map { trip in
                guard case .object(var row) = rows.value(trip) else { return .null }
                row["run"] = .string(String(trip.run.id))
                row["classes"] = .list(trip.offers.map { offer(trip, $0, owned.ticket, rows) })
                return .object(row)
            }),
            "noTrips": .bool(trips.isEmpty),
        ]
    }

    private func offer(_ trip: Trip, _ offer: Trip.Offer, _ ticket: Ticket, _ rows: TripRowViewModel) -> MustacheValue {
        let ticketType = ticketTypes[trip.run.id]?[offer.seatClass] ?? ticket.ticketType
        let price = Fares.price(adultFen: offer.priceFen, ticketType: ticketType, seatClass: offer.seatClass)
        let isCurrent = trip.run.id == ticket.runID && offer.seatClass == ticket.seatClass
        let difference = price - ticket.priceFen
        return .object([
            "code": .string(offer.seatClass.rawValue),
            "name": .string(text(offer.seatClass.messageKey)),
            "price": .string(Money.format(price)),
            "difference": .string(difference == 0 ? "" : (difference > 0 ? "+" : "") + Money.format(difference)),
            "isDearer": .bool(difference > 0),
            "seats": .int(offer.seatsLeft),
            "seatsText": .string(rows.seatsText(offer.seatsLeft)),
            "soldOut": .bool(offer.seatsLeft == 0),
            "isCurrent": .bool(isCurrent),
            "canChoose": .bool(!isCurrent && offer.seatsLeft > 0),
            "confirmHref": .string("/tickets/\(ticket.id)/change/confirm?run=\(trip.run.id)&class=\(offer.seatClass.rawValue)"),
        ])
    }

    private func text(_ key: String) -> String { renderer.messages.text(key, context.language) }
}
