import Storage

/// Every payment started for an order, whatever became of it, for the back office's order page.
extension Payment {
    /// The payments of ticket order `orderID`, oldest first: its own, those of its tickets' changes
    /// (the difference paid) and the prepayment of the waitlist it fulfilled.
    static func all(ofTicketOrder orderID: Int64, in db: Database) throws -> [Payment] {
        try db.query(
            Payment.self,
            """
            SELECT \(columns) FROM payments WHERE (purpose = 'ticket_order' AND subject_id = ?)
                OR (purpose = 'change' AND subject_id IN (
                    SELECT c.id FROM ticket_changes c JOIN tickets t ON t.id = c.ticket_id WHERE t.order_id = ?))
                OR (purpose = 'waitlist' AND subject_id IN (SELECT id FROM waitlists WHERE fulfilled_order_id = ?))
            ORDER BY id
            """, [orderID, orderID, orderID])
    }

    /// The payments of shop order `orderID`, oldest first.
    static func all(ofShopOrder orderID: Int64, in db: Database) throws -> [Payment] {
        try db.query(
            Payment.self, "SELECT \(columns) FROM payments WHERE purpose = 'shop_order' AND subject_id = ? ORDER BY id",
            [orderID])
    }
}
