import Mustache

/// The refund page of one ticket (`tickets/refund`): the ticket, and either what a refund would
/// cost now (price, fee rate, fee, money back) or why it cannot be refunded.
struct TicketRefundPageViewModel: MustacheRenderable {
    let owned: OwnedTicket
    /// The refund as it would be now, or why there is none.
    let quote: Result<RefundPolicy.Quote, TicketRefund.Failure>
    /// Why the refund just asked for was refused, shown instead of the quote's problem.
    let problem: TicketRefund.Failure?
    let timetable: Timetable
    let renderer: PageRenderer
    let context: AppContext

    var mustacheValue: MustacheValue {
        var values: MustacheObject = [
            "ticket": owned.summary(renderer, context, timetable: timetable, now: context.now),
            "orderHref": .string(owned.orderHref),
            "ticketID": .string(String(owned.ticket.id)),
        ]
        switch quote {
        case .success(let quote):
            values["quote"] = .object([
                "price": .string(Money.format(owned.ticket.priceFen)),
                "rate": .string(renderer.refundRate(quote.percent, context)),
                "fee": .string(Money.format(quote.feeFen)),
                "refund": .string(Money.format(quote.refundFen)),
            ])
        case .failure(let failure):
            values["problem"] = .string(renderer.text(failure.messageKey, context))
        }
        if let problem { values["problem"] = .string(renderer.text(problem.messageKey, context)) }
        return .object(values)
    }
}
