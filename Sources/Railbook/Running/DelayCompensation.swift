import Storage

/// Compensation for arriving late, paid without a claim: once a run's actual arrival at a stop is
/// reported, every ticket still valid that ends there is paid its band's share of the fare
/// (`RunningSettings.compensationBands`) through the refund ledger, in the report's own
/// transaction, with a notice (and a mail). Once a ticket: a later report that puts the arrival in
/// a higher band pays the difference, one that puts it lower takes nothing back. A ticket refunded
/// or changed before the arrival gets nothing.
enum DelayCompensation {
    /// The compensation paid for a ticket.
    struct Paid: Sendable, Equatable {
        let minutesLate: Int
        let percent: Int
        let amountFen: Int
    }

    /// Pays what arriving `minutesLate` at stop `sequence` of `run` owes its tickets; returns how many were paid.
    @discardableResult
    static func pay(
        run: AdminRun, arrivingAt sequence: Int, minutesLate: Int, settings: RunningSettings, now: Int, in db: Database
    ) throws -> Int {
        let percent = settings.compensationPercent(forMinutesLate: minutesLate)
        guard percent > 0 else { return 0 }
        let tickets = try db.query(
            Ticket.self, "SELECT \(Ticket.columns) FROM tickets WHERE run_id = ? AND to_sequence = ? AND status = ? ORDER BY id",
            [run.id, sequence, Ticket.Status.issued])
        var paid = 0
        for ticket in tickets {
            let before = try self.paid(ticketID: ticket.id, in: db)
            guard percent > before?.percent ?? 0 else { continue }
            let owed = min(ticket.priceFen, Fares.roundToHalfYuan(ticket.priceFen * percent / 100)) - (before?.amountFen ?? 0)
            let given = owed > 0 ? try TicketRefund.giveBack(owed, for: ticket, reason: "delay_compensation", now: now, in: db) : 0
            let total = (before?.amountFen ?? 0) + given
            try db.run(
                """
                INSERT INTO delay_compensations (ticket_id, run_id, minutes_late, percent, amount_fen, paid_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (ticket_id) DO UPDATE SET minutes_late = excluded.minutes_late, percent = excluded.percent,
                    amount_fen = excluded.amount_fen, paid_at = excluded.paid_at
                """, [ticket.id, run.id, minutesLate, percent, total, now])
            guard let userID = try db.queryOne("SELECT user_id FROM orders WHERE id = ?", [ticket.orderID])?.int64("user_id") else { continue }
            let orderNumber = try db.queryOne("SELECT number FROM orders WHERE id = ?", [ticket.orderID])?.string("number") ?? ""
            try Notice.send(
                "notice_delay_compensation",
                arguments: [run.train.number, run.serviceDate.description, ticket.passengerName, Money.format(given), String(minutesLate)],
                to: [userID], link: "/orders/" + orderNumber, now: now, in: db)
            paid += 1
        }
        return paid
    }

    /// What was paid for ticket `ticketID`, if anything.
    static func paid(ticketID: Int64, in db: Database) throws -> Paid? {
        try db.queryOne("SELECT minutes_late, percent, amount_fen FROM delay_compensations WHERE ticket_id = ?", [ticketID]).map {
            Paid(minutesLate: try $0.int("minutes_late"), percent: try $0.int("percent"), amountFen: try $0.int("amount_fen"))
        }
    }

    /// What was paid for each ticket of `ticketIDs` that was paid something.
    static func paid(ticketIDs: [Int64], in db: Database) throws -> [Int64: Paid] {
        var paid: [Int64: Paid] = [:]
        for id in ticketIDs { paid[id] = try self.paid(ticketID: id, in: db) }
        return paid
    }
}
