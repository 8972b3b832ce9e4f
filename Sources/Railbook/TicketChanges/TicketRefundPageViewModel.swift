/// The refund page of one ticket (`tickets/refund`): the ticket, and either what a refund would
/// cost now (price, fee rate, fee, money back) or why it cannot be refunded.
struct TicketRefundPageViewModel: Encodable {
    /// What a refund would cost now.
    struct Quote: Encodable {
        let price: String
        /// "5%" or "免费".
        let rate: String
        let fee: String
        let refund: String
    }

    let ticket: OrderTicketViewModel
    let orderHref: String
    let ticketID: String
    /// Nil when the ticket cannot be refunded (`problem` says why).
    let quote: Quote?
    /// Why the ticket cannot be refunded, or why the refund just asked for was refused.
    let problem: String?
    /// "Your train is expected 25 minutes late: …", when lateness waives the fee.
    let lateNotice: String?

    /// The page of `owned`; `quote` is the refund as it would be now, or why there is none, and
    /// `problem` why the refund just asked for was refused (shown instead of the quote's problem).
    init(
        _ owned: OwnedTicket, quote: Result<RefundPolicy.Quote, TicketRefund.Failure>, problem: TicketRefund.Failure?,
        late: LateTrain? = nil, timetable: Timetable, text: TextLookup
    ) {
        lateNotice = late.map { $0.notice(text) }
        ticket = owned.summary(timetable: timetable, text: text)
        orderHref = owned.orderHref
        ticketID = String(owned.ticket.id)
        switch quote {
        case .success(let quote):
            self.quote = Quote(
                price: Money.format(owned.ticket.priceFen), rate: text.refundRate(quote.percent),
                fee: Money.format(quote.feeFen), refund: Money.format(quote.refundFen))
            self.problem = problem.map { text($0.messageKey) }
        case .failure(let failure):
            self.quote = nil
            self.problem = text((problem ?? failure).messageKey)
        }
    }
}
