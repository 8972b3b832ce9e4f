/// The change confirmation (`tickets/change-confirm`): the ticket, the new trip and class with
/// seats left, the new ticket's type (and why it is not the old one's, when not), both fares, the
/// difference, the refund fee of a lower fare, the change fee (改签费) of a change to another date or
/// after departure, and the refund or the amount to pay.
struct TicketChangeConfirmViewModel: Encodable {
    /// The new trip and what changing to it costs.
    struct Change: Encodable {
        let run: String
        let classCode: String
        let train: String
        let date: String
        let from: String
        let to: String
        let departs: String
        let arrives: String
        /// The class in words.
        let `class`: String
        let ticketType: String
        let ticketTypeText: String
        /// Why the new ticket's type is not the old one's, when it is not.
        let typeChange: String?
        let seats: Int
        let oldPrice: String
        let newPrice: String
        /// The signed difference: "+¥20.00", "-¥15.50", "¥0.00".
        let difference: String
        let isCheaper: Bool
        /// Something is paid before the change: a dearer fare's difference, a change fee.
        let needsPayment: Bool
        let fee: String
        let rate: String
        /// The change fee and its rate, when one applies.
        let changeFee: String?
        let changeRate: String
        /// What goes back to the payment: shown for a lower fare, or when a fee is taken from it.
        let refund: String
        let showsRefund: Bool
        let toPay: String
        /// The new destination's telecode for a change of destination (变更到站), sent with the form.
        let newDestination: String?

        init(_ quote: TicketChange.Quote, isNewDestination: Bool, seatsLeft: Int, timetable: Timetable, text: TextLookup) {
            let leg = quote.leg
            let origin = leg.train.stops[leg.originIndex], destination = leg.train.stops[leg.destinationIndex]
            run = String(leg.runID)
            classCode = quote.seatClass.rawValue
            train = leg.train.number
            date = leg.travelDate.description
            from = timetable.station(origin.stationID)?.name(in: text.language) ?? ""
            to = timetable.station(destination.stationID)?.name(in: text.language) ?? ""
            departs = ClockTime.format(origin.departureOrArrival)
            arrives = ClockTime.format(destination.arrivalOrDeparture)
            self.class = text(quote.seatClass.messageKey)
            ticketType = quote.ticketType.rawValue
            ticketTypeText = text(quote.ticketType.messageKey)
            typeChange = quote.typeRefusal?.fallbackText(text.messages, text.language)
            seats = seatsLeft
            oldPrice = Money.format(quote.oldPriceFen)
            newPrice = Money.format(quote.newPriceFen)
            difference = (quote.differenceFen > 0 ? "+" : "") + Money.format(quote.differenceFen)
            isCheaper = quote.differenceFen < 0
            needsPayment = quote.needsPayment
            fee = Money.format(quote.feeFen)
            rate = text.refundRate(quote.feePercent)
            changeFee = quote.changeFeeFen > 0 ? Money.format(quote.changeFeeFen) : nil
            changeRate = text.refundRate(quote.changeFeePercent)
            refund = Money.format(quote.refundFen)
            showsRefund = quote.differenceFen < 0 && !quote.needsPayment
            toPay = Money.format(quote.dueFen)
            newDestination = isNewDestination ? timetable.station(destination.stationID)?.telecode : nil
        }
    }

    let ticket: OrderTicketViewModel
    let ticketID: String
    let orderHref: String
    /// Nil when no price could be quoted (`problem` says why).
    let change: Change?
    let problem: String?
    /// An order of the user's still waiting for payment, which stops a dearer change.
    let unpaid: UnpaidOrderViewModel?

    /// The confirmation of changing `owned` as `quote` prices it, with `seatsLeft` on the new trip.
    init(
        _ owned: OwnedTicket, quote: TicketChange.Quote?, seatsLeft: Int, problem: String?, unpaid: UnpaidOrder?,
        timetable: Timetable, text: TextLookup
    ) {
        ticket = owned.summary(timetable: timetable, text: text)
        ticketID = String(owned.ticket.id)
        orderHref = owned.orderHref
        change = quote.map {
            Change($0, isNewDestination: TicketChange.isNewDestination(owned.ticket, $0), seatsLeft: seatsLeft, timetable: timetable, text: text)
        }
        self.problem = problem
        self.unpaid = unpaid.map { UnpaidOrderViewModel($0, text: text) }
    }
}
