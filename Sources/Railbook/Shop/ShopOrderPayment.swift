import Storage

/// What a confirmed payment does to a shop order: pays it (the merchant then has
/// the accept window, `Deadlines.acceptSeconds`, to accept it) if it is still pending payment and before its
/// deadline; otherwise the money is refused and refunded in full (a late order is cancelled
/// first, its stock put back).
enum ShopOrderPayment {
    /// Registers the shop-order purpose.
    static func register(in purposes: PaymentPurposes, acceptSeconds: Int) {
        purposes.register(
            .shopOrder,
            describe: { orderID, wording, now, db in
                guard let order = try ShopOrder.find(id: orderID, in: db), let shop = try Shop.find(id: order.shopID, in: db) else { return nil }
                let pieces =
                    try db.queryOne(
                        "SELECT SUM(quantity) AS pieces FROM shop_order_lines WHERE order_id = ?",
                        [orderID])?.int("pieces") ?? 0
                return PaymentSubject(
                    number: order.number, merchant: shop.name.text(wording.language),
                    item: wording.text("pay_item_shop", count: pieces),
                    isPayable: order.status == .pendingPayment && now < order.payDeadline, payBy: order.payDeadline)
            },
            confirm: { payment, now, db in try confirm(payment, now: now, acceptSeconds: acceptSeconds, in: db) })
    }

    /// Pays the order of `payment`, or says why it cannot take the money.
    static func confirm(_ payment: Payment, now: Int, acceptSeconds: Int, in db: Database) throws -> PaymentOutcome {
        guard let order = try ShopOrder.find(id: payment.subjectID, in: db) else { return .refused(reason: "no such order") }
        switch order.status {
        case .pendingPayment:
            guard payment.amountFen == order.totalFen else { return .refused(reason: "amount mismatch") }
            guard now < order.payDeadline else {
                try ShopOrders.cancel(order, now: now, in: db)
                return .refused(reason: "late payment")
            }
            guard try ShopOrders.markPaid(order.id, now: now, acceptSeconds: acceptSeconds, in: db) else {
                return .refused(reason: "duplicate payment")
            }
            return .accepted(events: [ShopOrderPaid(orderID: order.id, userID: order.userID)])
        case .cancelled:
            return .refused(reason: "cancelled order")
        default:
            return .refused(reason: "duplicate payment")
        }
    }
}

/// A shop order was paid: it waits for the merchant to accept it.
struct ShopOrderPaid: DomainEvent {
    let orderID: Int64
    let userID: Int64
}
