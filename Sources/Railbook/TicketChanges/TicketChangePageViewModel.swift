/// The change page (`tickets/change`): the ticket, the date picker limited to the presale window
/// (the ticket's date once its train has left), the change fee a change to that date costs, and each other trip between the same two stations with the passenger's fare per class (at the
/// ticket type the new ticket would have), the difference from the ticket's fare, seats left and a
/// link to confirm.
struct TicketChangePageViewModel: Encodable {
    /// Another trip the ticket can be changed to.
    struct TripRow: Encodable {
        let train: String
        let date: String
        let run: String
        let trainHref: String
        /// The train's type in words.
        let type: String
        let departs: String
        let duration: String
        let arrives: String
        /// `+1` when the train arrives on a later day than it leaves.
        let plusDays: String?
        let fromCode: String
        let from: String
        let toCode: String
        let to: String
        let delay: String?
        let classes: [ClassOffer]
    }

    /// A class of a trip, at the fare the new ticket would have.
    struct ClassOffer: Encodable {
        let code: String
        let name: String
        let price: String
        /// The signed difference from the ticket's fare; empty when there is none.
        let difference: String
        let isDearer: Bool
        let seats: Int
        let seatsText: String
        let soldOut: Bool
        /// The ticket's own train and class.
        let isCurrent: Bool
        let canChoose: Bool
        let confirmHref: String
    }

    let ticket: OrderTicketViewModel
    let ticketID: String
    let orderHref: String
    /// The day whose trips are listed, and the presale window's ends.
    let date: String
    let firstDate: String
    let lastDate: String
    let trips: [TripRow]
    let noTrips: Bool
    /// False when the ticket can no longer be changed (`problem` says why).
    let canChange: Bool
    let problem: String?
    /// "Your train is expected 25 minutes late: …", when lateness waives the fee.
    let lateNotice: String?
    /// "改签到该日期的列车核收改签费 ¥14（票价的 5%）。", when a change to `date` costs a change fee.
    let feeNotice: String?

    /// The page of `owned` listing `trips` of `date` within `window`; `ticketTypes` holds the new
    /// ticket's type per run and class (`TicketChange.ticketTypes`; the ticket's own where missing);
    /// `delays` how late each is expected to leave.
    init(
        _ owned: OwnedTicket, window: ClosedRange<CivilDate>, date: CivilDate, trips: [Trip],
        ticketTypes: [Int64: [SeatClass: PassengerType]], canChange: Bool, problem: String?, late: LateTrain? = nil,
        now: Int, delays: BoardingDelays, timetable: Timetable, text: TextLookup
    ) {
        lateNotice = late.map { $0.notice(text) }
        let sameDate = date == ChinaTime.date(at: owned.ticket.departsAt)
        let percent = TicketChange.changeFeePercent(owned.ticket, late: late, sameDate: sameDate, now: now)
        feeNotice =
            percent == 0 || !canChange
            ? nil
            : text("change_fee_notice", Money.format(ChangeFeePolicy.fee(fareFen: owned.ticket.priceFen, percent: percent)), String(percent))
        ticket = owned.summary(timetable: timetable, text: text)
        ticketID = String(owned.ticket.id)
        orderHref = owned.orderHref
        self.date = date.description
        firstDate = window.lowerBound.description
        lastDate = window.upperBound.description
        let rows = TripRowViewModel(text: text, timetable: timetable, travelDate: date, delays: delays)
        self.trips = trips.map { trip in
            let origin = timetable.station(trip.origin.stationID), destination = timetable.station(trip.destination.stationID)
            let fromCode = origin?.telecode ?? "", toCode = destination?.telecode ?? ""
            let types = ticketTypes[trip.run.id] ?? [:]
            return TripRow(
                train: trip.train.number, date: date.description, run: String(trip.run.id),
                trainHref: TripRowViewModel.trainHref(trip, fromCode: fromCode, toCode: toCode),
                type: text(trip.train.type.messageKey), departs: ClockTime.format(trip.departureMinute),
                duration: rows.duration(trip.durationMinutes), arrives: ClockTime.format(trip.arrivalMinute),
                plusDays: TripRowViewModel.plusDays(trip), fromCode: fromCode, from: origin?.name(in: text.language) ?? "",
                toCode: toCode, to: destination?.name(in: text.language) ?? "", delay: rows.delay(trip),
                classes: trip.offers.map {
                    Self.offer(trip, $0, owned.ticket, ticketType: types[$0.seatClass], rows: rows, text: text)
                })
        }
        noTrips = trips.isEmpty
        self.canChange = canChange
        self.problem = problem
    }

    private static func offer(
        _ trip: Trip, _ offer: Trip.Offer, _ ticket: Ticket, ticketType: PassengerType?, rows: TripRowViewModel, text: TextLookup
    ) -> ClassOffer {
        let price = Fares.price(adultFen: offer.priceFen, ticketType: ticketType ?? ticket.ticketType, seatClass: offer.seatClass)
        let isCurrent = trip.run.id == ticket.runID && offer.seatClass == ticket.seatClass
        let difference = price - ticket.priceFen
        return ClassOffer(
            code: offer.seatClass.rawValue, name: text(offer.seatClass.messageKey), price: Money.format(price),
            difference: difference == 0 ? "" : (difference > 0 ? "+" : "") + Money.format(difference), isDearer: difference > 0,
            seats: offer.seatsLeft, seatsText: rows.seatsText(offer.seatsLeft),
            soldOut: offer.seatsLeft == 0, isCurrent: isCurrent, canChoose: !isCurrent && offer.seatsLeft > 0,
            confirmHref: "/tickets/\(ticket.id)/change/confirm?run=\(trip.run.id)&class=\(offer.seatClass.rawValue)")
    }
}
