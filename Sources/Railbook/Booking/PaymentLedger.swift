import Storage

/// The money side of orders as the payments table records it: which payment paid for something
/// and how much of it has been given back.
enum PaymentLedger {
    /// What a payment was for.
    enum Purpose: String, SQLBindable, Sendable {
        case ticketOrder = "ticket_order"
        case waitlist
        case change
        case shopOrder = "shop_order"

        /// The notice its payer gets once a payment of this purpose went through (subject and amount filled in).
        var paidNoticeKey: String {
            switch self {
            case .ticketOrder: "notice_paid_ticket_order"
            case .waitlist: "notice_paid_waitlist"
            case .change: "notice_paid_change"
            case .shopOrder: "notice_paid_shop_order"
            }
        }
    }

    /// The completed (paid) payment for `subjectID` of `purpose`, if any: its id, amount and refunded total.
    static func paidPayment(for purpose: Purpose, subjectID: Int64, in db: Database) throws -> (id: Int64, amountFen: Int, refundedFen: Int)? {
        guard
            let row = try db.queryOne(
                """
                SELECT id, amount_fen, refunded_fen FROM payments WHERE purpose = ? AND subject_id = ? AND status IN (?, ?)
                ORDER BY id LIMIT 1
                """, [purpose.rawValue, subjectID, Payment.Status.paid, Payment.Status.refunded])
        else { return nil }
        return (try row.int64("id"), try row.int("amount_fen"), try row.int("refunded_fen"))
    }

    /// Gives back `amountFen` of payment `paymentID` (never more than is left); returns the amount refunded.
    /// The payment stays locked until the transaction ends, so two refunds at once never give back
    /// more than was paid.
    @discardableResult
    static func refund(paymentID: Int64, amountFen: Int, reason: String, now: Int, in db: Database) throws -> Int {
        guard let row = try db.queryLocking("SELECT amount_fen, refunded_fen FROM payments WHERE id = ?", [paymentID]).first else { return 0 }
        let left = try row.int("amount_fen") - row.int("refunded_fen")
        let amount = min(max(0, amountFen), left)
        guard amount > 0 else { return 0 }
        try db.run(
            "INSERT INTO refunds (payment_id, amount_fen, reason, created_at) VALUES (?, ?, ?, ?)",
            [paymentID, amount, reason, now])
        try db.run(
            """
            UPDATE payments SET refunded_fen = refunded_fen + ?, status = CASE WHEN refunded_fen + ? >= amount_fen THEN ? ELSE status END
            WHERE id = ?
            """, [amount, amount, Payment.Status.refunded, paymentID])
        return amount
    }
}
