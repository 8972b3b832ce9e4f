import Mustache

/// The change confirmation's values: the ticket, the new trip and class with seats left, the new
/// ticket's type (and why it is not the old one's, when not), both fares, the difference, and the fee
/// and refund of a lower fare or the amount to pay of a higher one.
struct TicketChangeConfirmViewModel: MustacheRenderable {
    let renderer: PageRenderer
    let context: AppContext
    let timetable: Timetable
    let owned: OwnedTicket
    /// The new trip's prices, or nil when none could be quoted (`problem` says why).
    let quote: TicketChange.Quote?
    let seatsLeft: Int
    let problem: String?
    /// An order of the user's still waiting for payment, which stops a dearer change.
    let unpaid: UnpaidOrder?

    var mustacheValue: MustacheValue {
        var values = self.values(owned, quote: quote, seatsLeft: seatsLeft, now: context.now)
        values["problem"] = problem.map(MustacheValue.string) ?? .null
        values["unpaid"] = UnpaidOrderViewModel.value(unpaid, renderer: renderer, context: context)
        return .object(values)
    }

    private func values(_ owned: OwnedTicket, quote: TicketChange.Quote?, seatsLeft: Int, now: Int) -> MustacheObject {
        var values: MustacheObject = [
            "ticket": owned.summary(renderer, context, timetable: timetable, now: now),
            "ticketID": .string(String(owned.ticket.id)),
            "orderHref": .string(owned.orderHref),
        ]
        if let quote { values["change"] = change(quote, seatsLeft: seatsLeft) }
        return values
    }

    private func change(_ quote: TicketChange.Quote, seatsLeft: Int) -> MustacheValue {
        let leg = quote.leg
        let origin = leg.train.stops[leg.originIndex], destination = leg.train.stops[leg.destinationIndex]
        return .object([
            "run": .string(String(leg.runID)), "classCode": .string(quote.seatClass.rawValue),
            "train": .string(leg.train.number), "date": .string(leg.travelDate.description),
            "from": .string(timetable.station(origin.stationID)?.name(in: context.language) ?? ""), "to": .string(timetable.station(destination.stationID)?.name(in: context.language) ?? ""),
            "departs": .string(ClockTime.format(origin.departureOrArrival)), "arrives": .string(ClockTime.format(destination.arrivalOrDeparture)),
            "class": .string(text(quote.seatClass.messageKey)),
            "ticketType": .string(quote.ticketType.rawValue), "ticketTypeText": .string(text(quote.ticketType.messageKey)),
            "typeChange": quote.typeRefusal.map { .string($0.fallbackText(renderer.messages, context.language)) } ?? .null,
            "seats": .int(seatsLeft),
            "oldPrice": .string(Money.format(quote.oldPriceFen)), "newPrice": .string(Money.format(quote.newPriceFen)),
            "difference": .string((quote.differenceFen > 0 ? "+" : "") + Money.format(quote.differenceFen)),
            "isCheaper": .bool(quote.differenceFen < 0),
            "isDearer": .bool(quote.isDearer),
            "fee": .string(Money.format(quote.feeFen)),
            "rate": .string(renderer.refundRate(quote.feePercent, context)),
            "refund": .string(Money.format(quote.refundFen)),
            "toPay": .string(Money.format(max(0, quote.differenceFen))),
        ])
    }

    private func text(_ key: String) -> String { renderer.messages.text(key, context.language) }
}
