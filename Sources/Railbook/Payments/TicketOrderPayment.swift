import SQLite

/// What a confirmed payment does to a ticket order: pays it and issues its tickets if it is still
/// unpaid and before its deadline; otherwise the money is refused (and refunded in full).
/// The order moves only through `Order.transition` inside the notification's write transaction,
/// so the expiry job and a payment can never both win.
enum TicketOrderPayment {
    /// Registers the ticket-order purpose.
    static func register(in purposes: PaymentPurposes) {
        purposes.register(.ticketOrder, describe: { orderID, db in try Order.find(id: orderID, in: db)?.number ?? "" },
                          confirm: { payment, now, db in try confirm(payment, now: now, in: db) })
    }

    /// Pays the order of `payment` and issues its held tickets, or says why it cannot take the money.
    static func confirm(_ payment: Payment, now: Int, in db: Database) throws -> PaymentOutcome {
        guard let order = try Order.find(id: payment.subjectID, in: db) else { return .refused(reason: "no such order") }
        guard [.unpaid, .expired, .cancelled, .withdrawn, .displaced].contains(order.status) else {
            return .refused(reason: "duplicate payment")
        }
        guard now < order.payDeadline, payment.amountFen == order.totalFen,
              try Order.transition(order.id, from: .unpaid, to: .paid, at: now, in: db) else {
            return .refused(reason: payment.amountFen == order.totalFen ? "late payment" : "amount mismatch")
        }
        try db.run("UPDATE tickets SET status = 'issued' WHERE order_id = ? AND status = 'held'", [.integer(order.id)])
        return .accepted(events: [OrderPaid(orderID: order.id, userID: order.userID)])
    }
}
