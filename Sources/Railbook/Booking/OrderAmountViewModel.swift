/// What an order comes to, said alike on its page and in the orders list so that both show one
/// sum (`{{#sum}}`): once money was taken for it, what the traveller paid net of refunds (实付净额,
/// the balance of its payments and refunds) and, when some came back, how much (已退款); before
/// that, what its tickets cost (合计).
struct OrderAmountViewModel: Encodable {
    let amountLabel: String
    let amount: String
    /// "已退款 ¥50.00" when something was refunded.
    let refunded: String?
    /// The refunded amount in fen, once money was taken.
    let refundedFen: String?

    init(_ order: Order, _ tickets: [Ticket], money: OrderMoney, text: TextLookup) {
        guard !money.lines.isEmpty else {
            amountLabel = text("order_total")
            amount = Money.format(Self.ticketsTotal(order, tickets))
            refunded = nil
            refundedFen = nil
            return
        }
        let refundedFen = money.refundedFen
        amountLabel = text("order_paid_net")
        amount = Money.format(money.balanceFen)
        refunded = refundedFen > 0 ? text("order_refunded", Money.format(refundedFen)) : nil
        self.refundedFen = String(refundedFen)
    }

    /// What the order's tickets cost now: those still held or issued (after changes and refunds),
    /// or the order's total when none is.
    static func ticketsTotal(_ order: Order, _ tickets: [Ticket]) -> Int {
        let valid = tickets.filter { $0.status == .held || $0.status == .issued }
        return valid.isEmpty ? order.totalFen : valid.reduce(0) { $0 + $1.priceFen }
    }
}
