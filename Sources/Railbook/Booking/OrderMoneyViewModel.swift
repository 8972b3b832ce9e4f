/// The order page's money part (`{{#money}}`, `booking/_order_money`): one line per payment,
/// refund and fee (what, when, signed amount) and the balance they add up to.
struct OrderMoneyViewModel: Encodable {
    /// One payment, refund or fee.
    struct Line: Encodable {
        let kind: String
        /// "支付：车票", "退款：退票", "退票费".
        let what: String
        let datetime: String
        let time: String
        let amountFen: String
        /// The signed amount: "+¥553.00", "-¥50.00".
        let amount: String
    }

    /// False while no money moved for the order (the part is then left out).
    let hasMoney: Bool
    let moneyLines: [Line]
    let balanceFen: String
    let balance: String

    init(_ money: OrderMoney, text: TextLookup) {
        hasMoney = !money.lines.isEmpty
        moneyLines = money.lines.map { line in
            let moment = ChinaMoment(line.at)
            return Line(
                kind: line.kind.rawValue, what: text(Self.whatKey(line)), datetime: moment.datetime, time: moment.text,
                amountFen: String(line.amountFen),
                amount: (line.amountFen < 0 ? "-" : "+") + Money.format(abs(line.amountFen)))
        }
        balanceFen = String(money.balanceFen)
        balance = Money.format(money.balanceFen)
    }

    /// The key of the line's cause in words, or of its kind alone when it has none.
    private static func whatKey(_ line: OrderMoney.Line) -> String {
        causeKeys[line.kind]?[line.cause.replacingAll(" ", with: "_")] ?? kindKey(line.kind)
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
        .payment: [
            "ticket_order": "order_money_payment_ticket_order", "change": "order_money_payment_change",
            "waitlist": "order_money_payment_waitlist",
        ],
        .refund: [
            "ticket_refund": "order_money_refund_ticket_refund", "ticket_change": "order_money_refund_ticket_change",
            "run_cancelled": "order_money_refund_run_cancelled", "waitlist_difference": "order_money_refund_waitlist_difference",
            "late_payment": "order_money_refund_late_payment", "duplicate_payment": "order_money_refund_duplicate_payment",
            "change_not_possible": "order_money_refund_change_not_possible", "delay_compensation": "order_money_refund_delay_compensation",
        ],
        .fee: ["ticket_refund": "order_money_fee_ticket_refund", "ticket_change": "order_money_fee_ticket_change"],
    ]
}
