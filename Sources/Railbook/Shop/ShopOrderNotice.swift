import Storage

/// What a shop order's customer is told on their My page when the merchant accepts it, rejects it,
/// or it is refunded (with the reason), linking to the order.
enum ShopOrderNotice {
    /// The notice key for a refund with `reason` (as `ShopOrders.refund` records it).
    static func refundKey(reason: String) -> String {
        switch reason {
        case "rejected by merchant": "notice_shop_order_rejected"
        case "not accepted in time": "notice_shop_order_refunded_not_accepted"
        case "ticket refunded": "notice_shop_order_refunded_ticket"
        case "run cancelled": "notice_shop_order_refunded_run"
        default: "notice_shop_order_refunded"
        }
    }

    /// Sends notice `key` about `order` (its number first, then `arguments`) to its customer.
    static func send(_ key: String, about order: ShopOrder, arguments: [String], now: Int, in db: Database) throws {
        try Notice.send(
            key, arguments: [order.number] + arguments, to: [order.userID], link: ShopOrderPaths.order(order.number), now: now,
            in: db)
    }
}
