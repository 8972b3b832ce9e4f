import Storage

extension PaymentLedger {
    /// The payment that paid order `orderID`: its own ticket-order payment or, for an order created
    /// by waitlist fulfilment, the prepayment of that waitlist. Refunds of the order's tickets go back to it.
    static func orderPayment(orderID: Int64, in db: Database) throws -> (id: Int64, amountFen: Int, refundedFen: Int)? {
        if let payment = try paidPayment(for: .ticketOrder, subjectID: orderID, in: db) { return payment }
        guard let row = try db.queryOne("SELECT id FROM waitlists WHERE fulfilled_order_id = ?", [orderID]) else { return nil }
        return try paidPayment(for: .waitlist, subjectID: try row.int64("id"), in: db)
    }
}
