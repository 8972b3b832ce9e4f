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
        let key = "order_money_\(line.kind.rawValue)_" + line.cause.replacingAll(" ", with: "_")
        return renderer.messages.hasText(key, context.language) ? text(key) : text("order_money_\(line.kind.rawValue)")
    }

    private func text(_ key: String) -> String { renderer.messages.text(key, context.language) }
}
