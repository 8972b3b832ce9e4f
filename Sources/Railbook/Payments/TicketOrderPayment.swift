import Storage

/// What a confirmed payment does to a ticket order: pays it and issues its tickets if it is still
/// unpaid and before its deadline; otherwise the money is refused (and refunded in full).
/// The order moves only through `Order.transition` inside the notification's write transaction,
/// so the expiry job and a payment can never both win.
enum TicketOrderPayment {
    /// Registers the ticket-order purpose.
    static func register(in purposes: PaymentPurposes) {
        purposes.register(
            .ticketOrder, describe: { orderID, wording, now, db in try describe(orderID, wording, now: now, in: db) },
            confirm: { payment, now, db in try confirm(payment, now: now, in: db) })
    }

    /// "火车票 G101 12月3日 北京南 → 上海虹桥", payable while unpaid and before its deadline.
    static func describe(_ orderID: Int64, _ wording: PaymentWording, now: Int, in db: Database) throws -> PaymentSubject? {
        guard let order = try Order.find(id: orderID, in: db) else { return nil }
        var item = wording.text("pay_item_tickets", [""])
        if let ticket = try db.queryOne(
            """
            SELECT run_id, from_sequence, to_sequence, departs_at FROM tickets WHERE order_id = ? ORDER BY id LIMIT 1
            """, [orderID])
        {
            item = wording.text(
                "pay_item_tickets",
                [
                    try wording.trip(
                        runID: try ticket.int64("run_id"), fromSequence: try ticket.int("from_sequence"),
                        toSequence: try ticket.int("to_sequence"),
                        departsAt: try ticket.int("departs_at"), in: db)
                ])
        }
        return PaymentSubject(
            number: order.number, merchant: wording.ticketOffice, item: item,
            isPayable: order.status == .unpaid && now < order.payDeadline, payBy: order.payDeadline)
    }

    /// Pays the order of `payment` and issues its held tickets, or says why it cannot take the money.
    static func confirm(_ payment: Payment, now: Int, in db: Database) throws -> PaymentOutcome {
        guard let order = try Order.find(id: payment.subjectID, in: db) else { return .refused(reason: "no such order") }
        guard [.unpaid, .expired, .cancelled, .withdrawn, .displaced].contains(order.status) else {
            return .refused(reason: "duplicate payment")
        }
        guard now < order.payDeadline, payment.amountFen == order.totalFen,
            try Order.transition(order.id, from: .unpaid, to: .paid, at: now, in: db)
        else {
            return .refused(reason: payment.amountFen == order.totalFen ? "late payment" : "amount mismatch")
        }
        try db.run("UPDATE tickets SET status = ? WHERE order_id = ? AND status = ?", [Ticket.Status.issued, order.id, Ticket.Status.held])
        return .accepted(events: [OrderPaid(orderID: order.id, userID: order.userID)])
    }
}
