import Mustache

/// What an order comes to, said alike on its page and in the orders list so that both show one
/// sum: once money was taken for it, what the traveller paid net of refunds (实付净额, the balance of
/// its payments and refunds) and, when some came back, how much (已退款); before that, what its
/// tickets cost (合计).
struct OrderAmountViewModel {
    let renderer: PageRenderer
    let context: AppContext

    /// `amountLabel`, `amount` and, when something was refunded, `refunded` and `refundedFen`.
    func values(_ order: Order, _ tickets: [Ticket], money: OrderMoney) -> MustacheObject {
        guard !money.lines.isEmpty else {
            return ["amountLabel": .string(text("order_total")), "amount": .string(Money.format(Self.ticketsTotal(order, tickets))),
                    "refunded": .null, "refundedFen": .null]
        }
        let refunded = money.refundedFen
        return [
            "amountLabel": .string(text("order_paid_net")), "amount": .string(Money.format(money.balanceFen)),
            "refunded": refunded > 0 ? .string(renderer.messages.text("order_refunded", context.language, Money.format(refunded))) : .null,
            "refundedFen": .string(String(refunded)),
        ]
    }

    /// What the order's tickets cost now: those still held or issued (after changes and refunds),
    /// or the order's total when none is.
    static func ticketsTotal(_ order: Order, _ tickets: [Ticket]) -> Int {
        let valid = tickets.filter { $0.status == .held || $0.status == .issued }
        return valid.isEmpty ? order.totalFen : valid.reduce(0) { $0 + $1.priceFen }
    }

    private func text(_ key: String) -> String { renderer.messages.text(key, context.language) }
}
