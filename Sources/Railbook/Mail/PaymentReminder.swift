import Storage

/// The mail sent ten minutes before an unpaid order expires, once per order (`Mail.Draft.onceKey`).
enum PaymentReminder {
    /// How long before the deadline the reminder goes.
    static let leadSeconds = 10 * 60

    /// Queues a reminder for each unpaid order expiring within `leadSeconds` that has none yet.
    static func queueDue(now: Int, in db: Database) throws {
        let due = try db.query(
            Order.self, "SELECT \(Order.columns) FROM orders WHERE status = ? AND pay_deadline > ? AND pay_deadline <= ? ORDER BY id",
            [Order.Status.unpaid, now, now + leadSeconds])
        for order in due {
            var draft = Mail.Draft(
                .paymentReminder, arguments: [order.number, Money.format(order.totalFen), String(order.payDeadline)],
                link: "/orders/" + order.number)
            draft.onceKey = "reminder:order:\(order.id)"
            try Mail.queue(draft, toUser: order.userID, now: now, in: db)
        }
    }
}
