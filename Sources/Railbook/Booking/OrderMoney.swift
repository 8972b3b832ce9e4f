import Storage

/// Where an order's money went: each payment taken for it (the order, a change's difference, the
/// waitlist prepayment it came from), each refund given back and each fee kept, oldest first.
/// The lines add up to the balance, what the traveller has paid net.
struct OrderMoney: Sendable {
    /// One movement of money, signed from the railway's side: + taken, − given back.
    struct Line: Sendable {
        enum Kind: String, Sendable { case payment, refund, fee }
        let kind: Kind
        /// The payment's purpose (`ticket_order`, `change`, `waitlist`) or the refund's reason (`ticket_refund`…).
        let cause: String
        let at: Int
        let amountFen: Int
    }

    let lines: [Line]

    /// What the traveller has paid net: the sum of the lines.
    var balanceFen: Int { lines.reduce(0) { $0 + $1.amountFen } }

    /// What was given back: the refunds, each shown at the fare given up less the fee it kept.
    var refundedFen: Int { -lines.reduce(0) { $0 + ($1.kind == .payment ? 0 : $1.amountFen) } }

    /// The money of `order`, whose tickets are `tickets`. A refund is shown at the fare given up
    /// (the amount given back plus the fee kept), followed by the fee, so both appear and the sum holds.
    static func load(_ order: Order, tickets: [Ticket], in db: Database) throws -> OrderMoney {
        let payments = try db.query(
            """
            SELECT id, purpose, amount_fen, created_at, completed_at FROM payments WHERE status IN (?, ?) AND (
                (purpose = 'ticket_order' AND subject_id = ?)
                OR (purpose = 'change' AND subject_id IN (
                    SELECT c.id FROM ticket_changes c JOIN tickets t ON t.id = c.ticket_id WHERE t.order_id = ?))
                OR (purpose = 'waitlist' AND subject_id IN (SELECT id FROM waitlists WHERE fulfilled_order_id = ?)))
            ORDER BY id
            """, [Payment.Status.paid, Payment.Status.refunded, order.id, order.id, order.id])
        var lines: [Line] = []
        var paymentIDs: [Int64] = []
        for row in payments {
            paymentIDs.append(try row.int64("id"))
            lines.append(
                Line(
                    kind: .payment, cause: try row.string("purpose"),
                    at: try row.optionalInt("completed_at") ?? row.int("created_at"), amountFen: try row.int("amount_fen")))
        }
        var refunds: [(reason: String, at: Int, amountFen: Int)] = []
        for paymentID in paymentIDs {
            for row in try db.query("SELECT reason, created_at, amount_fen FROM refunds WHERE payment_id = ? ORDER BY id", [paymentID]) {
                let reason = try row.string("reason"), at = try row.int("created_at"), amount = try row.int("amount_fen")
                // One refund split over two payments (a change's difference first) is one line.
                if let index = refunds.firstIndex(where: { $0.reason == reason && $0.at == at }) {
                    refunds[index].amountFen += amount
                } else {
                    refunds.append((reason, at, amount))
                }
            }
        }
        for refund in refunds {
            let fee =
                ["ticket_refund", "ticket_change"].contains(refund.reason)
                ? tickets.filter { $0.closedAt == refund.at }.reduce(0) { $0 + $1.feesFen } : 0
            lines.append(Line(kind: .refund, cause: refund.reason, at: refund.at, amountFen: -(refund.amountFen + fee)))
            if fee > 0 { lines.append(Line(kind: .fee, cause: refund.reason, at: refund.at, amountFen: fee)) }
        }
        let order: [Line.Kind: Int] = [.payment: 0, .refund: 1, .fee: 2]
        let sorted = lines.enumerated().sorted { left, right in
            (left.element.at, order[left.element.kind] ?? 0, left.offset) < (right.element.at, order[right.element.kind] ?? 0, right.offset)
        }
        return OrderMoney(lines: sorted.map(\.element))
    }
}
