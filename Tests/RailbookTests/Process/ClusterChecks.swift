import Storage

@testable import Railbook

/// What must hold in the database after the cluster test, whatever the servers went through: each
/// check returns the problems it found (empty when all is well), so a failure lists them all.
/// Seats and occupancy are checked by `BookingInvariants`; these add what several servers, a kill
/// and the travellers' record call for.
enum ClusterChecks {
    /// No two live (held or issued) tickets of the run on one seat — or one standing place (coach 0)
    /// — whose stretches overlap.
    static func seatsSoldTwice(runID: Int64, in db: Database) throws -> [String] {
        try db.query(
            """
            SELECT a.id AS first, b.id AS second, a.coach_number, a.seat_index FROM tickets a
            JOIN tickets b ON b.run_id = a.run_id AND b.coach_number = a.coach_number AND b.seat_index = a.seat_index AND a.id < b.id
            WHERE a.run_id = ? AND a.status IN ('held', 'issued') AND b.status IN ('held', 'issued')
                AND a.from_sequence < b.to_sequence AND b.from_sequence < a.to_sequence
            ORDER BY a.id, b.id
            """, [runID]
        ).map { row in
            "tickets \(try row.int64("first")) and \(try row.int64("second")) share coach \(try row.int("coach_number")) "
                + "seat \(try row.int("seat_index")) on overlapping stretches"
        }
    }

    /// Every 303 a traveller saw against what is stored: each booking has its order with the
    /// account, passengers, stretch and class asked for; each payment confirmed on Railbook Pay was
    /// settled (paid, or refunded when its subject could no longer take it), never left authorized;
    /// each waitlist joined has its prepayment; each refunded ticket is refunded; what owners saw
    /// expire or served is so.
    static func answerProblems(_ seen: ClusterRecord.Observations, in db: Database) throws -> [String] {
        var problems: [String] = []
        for booking in seen.bookings {
            let tickets = try db.query(
                """
                SELECT u.account, t.passenger_id, t.from_sequence, t.to_sequence, t.seat_class FROM orders o
                JOIN users u ON u.id = o.user_id JOIN tickets t ON t.order_id = o.id WHERE o.number = ?
                """, [booking.orderNumber])
            let held = try tickets.map {
                "\(try $0.string("account")) \(try $0.int64("passenger_id")) \(try $0.int("from_sequence"))-"
                    + "\(try $0.int("to_sequence")) \(try $0.string("seat_class"))"
            }.sorted()
            let asked = booking.passengers.map {
                "\(booking.account) \($0) \(booking.stretch.origin)-\(booking.stretch.destination) \(booking.seatClass)"
            }
            if held != asked.sorted() { problems.append("order \(booking.orderNumber) answered 303 holds \(held), not \(asked.sorted())") }
        }
        for payment in seen.payments {
            let status = try db.queryOne("SELECT status FROM payments WHERE reference = ?", [payment.reference]).map { try $0.string("status") }
            if status != "paid" && status != "refunded" {
                problems.append("payment \(payment.reference) confirmed (303 to \(payment.returnedTo)) is \(status ?? "missing")")
            }
        }
        for reference in seen.waitlistsJoined
        where try db.queryOne("SELECT id FROM payments WHERE reference = ? AND purpose = 'waitlist'", [reference]) == nil {
            problems.append("waitlist joined with prepayment \(reference) has no such payment")
        }
        for ticket in seen.refunds where try db.queryOne("SELECT status FROM tickets WHERE id = ?", [ticket])?.string("status") != "refunded" {
            problems.append("ticket \(ticket) refunded (303) is not refunded")
        }
        for number in seen.expiriesSeen where try db.queryOne("SELECT status FROM orders WHERE number = ?", [number])?.string("status") != "expired" {
            problems.append("order \(number) was seen expired but is not")
        }
        for number in seen.fulfilmentsSeen
        where try db.queryOne("SELECT status FROM waitlists WHERE number = ?", [number])?.string("status") != "fulfilled" {
            problems.append("waitlist \(number) was seen served but is not fulfilled")
        }
        return problems
    }

    /// No waitlist served twice or beyond what it asked: a fulfilled waitlist has exactly one
    /// order, no other waitlist shares it, it holds one ticket per waitlisted passenger on the
    /// waitlist's run, stretch and class, and one "served" notice went out for it; every paid order
    /// is paid by its own payment or is a served waitlist's.
    static func waitlistProblems(in db: Database) throws -> [String] {
        var problems: [String] = []
        let waitlists = try db.query(
            """
            SELECT id, number, status, fulfilled_order_id, run_id, from_sequence, to_sequence, seat_class FROM waitlists ORDER BY id
            """)
        var orderOwners: [Int64: String] = [:]
        for waitlist in waitlists {
            let number = try waitlist.string("number")
            let orderID = try waitlist.optionalInt64("fulfilled_order_id")
            guard try waitlist.string("status") == "fulfilled" else {
                if orderID != nil { problems.append("waitlist \(number) has an order but is \(try waitlist.string("status"))") }
                continue
            }
            guard let orderID else {
                problems.append("waitlist \(number) is fulfilled without an order")
                continue
            }
            if let other = orderOwners.updateValue(number, forKey: orderID) {
                problems.append("waitlists \(other) and \(number) share order \(orderID)")
            }
            let asked = try db.query("SELECT certificate_number FROM waitlist_passengers WHERE waitlist_id = ?", [try waitlist.int64("id")])
                .map {
                    "\(try $0.string("certificate_number")) \(try waitlist.int64("run_id")) \(try waitlist.int("from_sequence"))-"
                        + "\(try waitlist.int("to_sequence")) \(try waitlist.string("seat_class"))"
                }.sorted()
            let given = try db.query(
                "SELECT certificate_number, run_id, from_sequence, to_sequence, seat_class FROM tickets WHERE order_id = ?", [orderID]
            )
            .map {
                "\(try $0.string("certificate_number")) \(try $0.int64("run_id")) \(try $0.int("from_sequence"))-"
                    + "\(try $0.int("to_sequence")) \(try $0.string("seat_class"))"
            }.sorted()
            if asked != given { problems.append("waitlist \(number) asked for \(asked) and was given \(given)") }
            let notices =
                try db.queryOne(
                    """
                    SELECT COUNT(*) AS n FROM notices WHERE text_key = 'notice_waitlist_fulfilled' AND arguments LIKE ?
                    """, [number + "%"])?.int("n") ?? 0
            if notices != 1 { problems.append("waitlist \(number) was announced served \(notices) times") }
        }
        for row in try db.query(
            """
            SELECT o.id, o.number FROM orders o WHERE o.status IN ('paid', 'refunded')
            AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.purpose = 'ticket_order' AND p.subject_id = o.id AND p.status IN ('paid', 'refunded'))
            """) where orderOwners[try row.int64("id")] == nil
        {
            problems.append("order \(try row.string("number")) is paid, by neither a payment nor a waitlist")
        }
        return problems
    }

    /// Every reaction done once, after the outbox drained: nothing pending or failing, no payment
    /// left authorized (its notification lost), each payment's refunds adding up to what it says
    /// was refunded and never more than was paid, and what each payer has paid, net of refunds,
    /// equal to what they hold — the fares of the tickets they keep plus the fees of those they
    /// refunded — for every order and every waitlist. A refund or a settlement done twice, or a
    /// waitlist served twice, shows here as money that does not add up.
    static func reactionProblems(in db: Database) throws -> [String] {
        var problems = try db.query("SELECT id, kind, subject_id, status, attempts, last_error FROM outbox WHERE status <> 'done' ORDER BY id").map {
            row in
            "reaction \(try row.int64("id")) \(try row.string("kind")) \(try row.int64("subject_id")) is \(try row.string("status")) after "
                + "\(try row.int("attempts")) attempts: \(try row.optionalString("last_error") ?? "")"
        }
        var net: [String: Int] = [:] // by "ticket_order <order id>" or "waitlist <waitlist id>"
        for payment in try db.query(
            """
            SELECT p.reference, p.purpose, p.subject_id, p.status, p.amount_fen, p.refunded_fen,
                   (SELECT COALESCE(SUM(r.amount_fen), 0) FROM refunds r WHERE r.payment_id = p.id) AS refunds_fen
            FROM payments p ORDER BY p.id
            """)
        {
            let reference = try payment.string("reference"), status = try payment.string("status")
            let amount = try payment.int("amount_fen"), refunded = try payment.int("refunded_fen")
            if status == "authorized" { problems.append("payment \(reference) is still authorized: its notification was lost") }
            if try payment.int("refunds_fen") != refunded {
                problems.append("payment \(reference) refunded \(refunded) in \(try payment.int("refunds_fen")) of refunds")
            }
            if refunded > amount { problems.append("payment \(reference) refunded \(refunded) of \(amount)") }
            if status == "paid" || status == "refunded" {
                net["\(try payment.string("purpose")) \(try payment.int64("subject_id"))", default: 0] += amount - refunded
            }
        }
        let kept = "SUM(CASE WHEN t.status = 'issued' THEN t.price_fen WHEN t.status = 'refunded' THEN t.price_fen - t.refunded_fen ELSE 0 END)"
        for order in try db.query(
            """
            SELECT o.id, o.number, COALESCE(\(kept), 0) AS kept_fen FROM orders o JOIN tickets t ON t.order_id = o.id
            WHERE NOT EXISTS (SELECT 1 FROM waitlists w WHERE w.fulfilled_order_id = o.id) GROUP BY o.id, o.number ORDER BY o.id
            """)
        {
            let paid = net["ticket_order \(try order.int64("id"))", default: 0]
            if paid != (try order.int("kept_fen")) {
                problems.append("order \(try order.string("number")): paid \(paid) net, holds \(try order.int("kept_fen"))")
            }
        }
        for waitlist in try db.query(
            """
            SELECT w.id, w.number, w.status, w.amount_fen,
                   (SELECT COALESCE(\(kept), 0) FROM tickets t WHERE t.order_id = w.fulfilled_order_id) AS kept_fen
            FROM waitlists w ORDER BY w.id
            """)
        {
            let paid = net["waitlist \(try waitlist.int64("id"))", default: 0]
            let holds =
                switch try waitlist.string("status") {
                case "fulfilled": try waitlist.int("kept_fen")
                case "waiting": try waitlist.int("amount_fen")
                default: 0
                }
            if paid != holds {
                problems.append("waitlist \(try waitlist.string("number")) (\(try waitlist.string("status"))): paid \(paid) net, holds \(holds)")
            }
        }
        return problems
    }
}
