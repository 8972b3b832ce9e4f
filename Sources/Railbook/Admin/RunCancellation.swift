import Storage

/// Cancels a run for the railway (停运), in the caller's write transaction: unpaid orders on it are
/// withdrawn with their seats released, issued tickets are refunded in full (no fee), open waitlists
/// whose every choice is now cancelled are refunded in full, every affected user gets a notice and the change is audited.
enum RunCancellation {
    /// Cancels `run` for administrator `adminID`; returns the events to publish after the commit,
    /// or nil when the run was already cancelled.
    static func cancel(_ run: AdminRun, adminID: Int64, now: Int, in db: Database) throws -> [any DomainEvent]? {
        guard try db.run("UPDATE runs SET status = ?1 WHERE id = ?2 AND status <> ?1", [RunStatus.cancelled, run.id]) == 1 else {
            return nil
        }
        var events: [any DomainEvent] = []
        var affected = Set<Int64>()
        let orders = try db.query(
            Order.self,
            """
            SELECT \(Order.columns) FROM orders WHERE status IN (?, ?)
            AND id IN (SELECT order_id FROM tickets WHERE run_id = ? AND status IN (?, ?)) ORDER BY id
            """, [Order.Status.unpaid, Order.Status.paid, run.id, Ticket.Status.held, Ticket.Status.issued])
        for order in orders {
            affected.insert(order.userID)
            events +=
                order.status == .unpaid
                ? try OrderLifecycle.close(order, as: .withdrawn, now: now, in: db) ?? []
                : try refundTickets(of: order, runID: run.id, now: now, in: db)
        }
        // Open waitlists with a choice on the run, when none of their other choices is still open (a
        // run that goes, its deadline ahead): a waitlist with one keeps waiting for it.
        for waitlist in try db.query(
            Waitlist.self,
            """
            SELECT \(Waitlist.columns) FROM waitlists w WHERE status IN (?, ?)
            AND id IN (SELECT waitlist_id FROM waitlist_choices WHERE run_id = ?)
            AND NOT EXISTS (SELECT 1 FROM waitlist_choices c JOIN runs r ON r.id = c.run_id
                            WHERE c.waitlist_id = w.id AND r.status <> ? AND c.deadline > ?)
            """, [Waitlist.Status.awaitingPayment, Waitlist.Status.waiting, run.id, RunStatus.cancelled, now])
        {
            affected.insert(waitlist.userID)
            events += try refund(waitlist, now: now, in: db)
        }
        try Notice.send("notice_run_cancelled", arguments: [run.train.number, run.serviceDate.description], to: affected, now: now, in: db)
        try CacheChange.announce(.runs, in: db)
        try AuditLog.record(
            userID: adminID, action: "run.cancel", subject: "run \(run.name)", before: "scheduled",
            after: "cancelled (\(orders.count) orders)", now: now, in: db)
        return events + [RunCancelled(runID: run.id)]
    }

    /// Refunds the order's issued tickets on the run in full; the order is refunded once none is valid.
    /// A ticket its traveller refunded or changed meanwhile (0 rows changed) is left as it is.
    private static func refundTickets(of order: Order, runID: Int64, now: Int, in db: Database) throws -> [any DomainEvent] {
        var tickets: [Ticket] = []
        var events: [any DomainEvent] = []
        for ticket in try Ticket.all(orderID: order.id, in: db) where ticket.runID == runID && ticket.status == .issued {
            guard
                try db.run(
                    "UPDATE tickets SET status = ?, closed_at = ?, refund_fee_fen = 0 WHERE id = ? AND status = ?",
                    [Ticket.Status.refunded, now, ticket.id, Ticket.Status.issued]) == 1
            else { continue }
            let refunded = try TicketRefund.giveBack(ticket.priceFen, for: ticket, reason: "run_cancelled", now: now, in: db)
            try db.run("UPDATE tickets SET refunded_fen = ? WHERE id = ?", [refunded, ticket.id])
            tickets.append(ticket)
            events.append(TicketRefunded(ticketID: ticket.id, orderID: order.id, refundedFen: refunded))
        }
        try CoachOccupancy.release(tickets, in: db)
        if try Ticket.validCount(orderID: order.id, in: db) == 0 { _ = try Order.transition(order.id, from: .paid, to: .refunded, at: now, in: db) }
        return events + SeatsReleased.distinct(tickets)
    }

    /// Closes an open waitlist as refunded, giving back its prepayment in full (a pending payment is cancelled).
    private static func refund(_ waitlist: Waitlist, now: Int, in db: Database) throws -> [any DomainEvent] {
        guard try Waitlist.transition(waitlist.id, from: [.awaitingPayment, .waiting], to: .refunded, at: now, in: db) else { return [] }
        try db.run("UPDATE waitlists SET closed_reason = ? WHERE id = ?", [Waitlist.CloseReason.runCancelled.rawValue, waitlist.id])
        if let pending = try Payment.pending(purpose: .waitlist, subjectID: waitlist.id, userID: waitlist.userID, in: db) {
            _ = try Payment.transition(pending.id, from: [.pending], to: .cancelled, at: now, in: db)
        }
        var refunded = 0
        if let payment = try PaymentLedger.paidPayment(for: .waitlist, subjectID: waitlist.id, in: db) {
            refunded = try PaymentLedger.refund(
                paymentID: payment.id, amountFen: payment.amountFen - payment.refundedFen,
                reason: "run_cancelled", now: now, in: db)
        }
        try Waitlist.noticeRefund(of: waitlist, refundedFen: refunded, noticeKey: "notice_waitlist_refunded_run_cancelled", now: now, in: db)
        return [WaitlistRefunded(waitlistID: waitlist.id, userID: waitlist.userID, refundedFen: refunded)]
    }
}
