import Mustache

/// The order page's money part: one line per payment, refund and fee (what, when, signed
/// amount) and the balance they add up to.
struct OrderMoneyViewModel {
    let renderer: PageRenderer
    let context: AppContext

    func values(_ money: OrderMoney) -> MustacheObject {
        guard !money.lines.isEmpty else { return [:] }
        return [
            "moneyLines": .list(money.lines.map { line in
                let moment = ChinaMoment(line.at)
                return .object([
                    "kind": .string(line.kind.rawValue),
                    "what": .string(what(line)),
                    "datetime": .string(moment.datetime),
                    "time": .string(moment.text),
                    "amountFen": .string(String(line.amountFen)),
                    "amount": .string((line.amountFen < 0 ? "-" : "+") + Money.format(abs(line.amountFen))),
                ])
            }),
            "hasMoney": .bool(true), "balanceFen": .string(String(money.balanceFen)),
            "balance": .string(Money.format(money.balanceFen)),
        ]
    }

    /// "支付：车票", "退款：退票", "退票费" — the cause in words, or the kind alone when it has none.
    private func what(_ line: OrderMoney.Line) -> String {
        text(Self.causeKeys[line.kind]?[line.cause.replacingAll(" ", with: "_")] ?? Self.kindKey(line.kind))
    }

    private static func kindKey(_ kind: OrderMoney.Line.Kind) -> String {
        switch kind {
        case .payment: "order_money_payment"
        case .refund: "order_money_refund"
        case .fee: "order_money_fee"
        }
    }

    /// The causes a money line names in words (a payment's purpose, a refund's reason, spaces as
    /// underscores), by kind.
    private static let causeKeys: [OrderMoney.Line.Kind: [String: String]] = [
        .payment: ["ticket_order": "order_money_payment_ticket_order", "change": "order_money_payment_change",
                   "waitlist": "order_money_payment_waitlist"],
        .refund: ["ticket_refund": "order_money_refund_ticket_refund", "ticket_change": "order_money_refund_ticket_change",
                  "run_cancelled": "order_money_refund_run_cancelled", "waitlist_difference": "order_money_refund_waitlist_difference",
                  "late_payment": "order_money_refund_late_payment", "duplicate_payment": "order_money_refund_duplicate_payment",
                  "change_not_possible": "order_money_refund_change_not_possible"],
        .fee: ["ticket_refund": "order_money_fee_ticket_refund", "ticket_change": "order_money_fee_ticket_change"],
    ]

    private func text(_ key: String) -> String { renderer.messages.text(key, context.language) }
}
