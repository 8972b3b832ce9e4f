import Storage

/// The waitlist's life after it is created: paid (joins the queue), cancelled by the user, or
/// closed by the background job when unpaid too long or past its deadline. Each runs inside the
/// caller's write transaction and returns the events to publish after it commits.
extension Waitlist {
    /// A payment that is not the prepayment of the waitlist it was reported for.
    struct PaymentMismatch: Error {}

    /// Takes the confirmed prepayment `paymentID` (purpose `waitlist`, subject the waitlist, amount
    /// its total): the waitlist joins the queue of each of its choices and `WaitlistQueued` (to
    /// publish) has fulfilment try them at once, best ranked first. Refused — the payments side then refunds the money in full —
    /// when the waitlist is no longer awaiting payment, its deadline has passed or the amount differs.
    /// Call it in the transaction that marks the payment paid.
    static func markPaid(id: Int64, paymentID: Int64, now: Int, in db: Database) throws -> PaymentOutcome {
        guard let waitlist = try find(id: id, in: db) else { return .refused(reason: "no such waitlist") }
        guard
            let payment = try db.queryOne(
                "SELECT amount_fen FROM payments WHERE id = ? AND purpose = ? AND subject_id = ?",
                [paymentID, PaymentLedger.Purpose.waitlist.rawValue, id])
        else {
            throw PaymentMismatch()
        }
        guard waitlist.status == .awaitingPayment else { return .refused(reason: "waitlist closed") }
        guard try payment.int("amount_fen") == waitlist.amountFen else { return .refused(reason: "amount mismatch") }
        guard waitlist.deadline > now, try transition(id, from: [.awaitingPayment], to: .waiting, at: now, in: db) else {
            return .refused(reason: "late payment")
        }
        let choices = try WaitlistChoice.all(waitlistID: id, in: db).map { WaitlistQueued.Choice(runID: $0.runID, seatClass: $0.seatClass) }
        return .accepted(events: [WaitlistQueued(waitlistID: id, choices: choices)])
    }

    /// Cancels the user's waitlist if it is still unpaid or waiting, refunding any prepayment in full
    /// (a payment still pending is cancelled); nil when it cannot be cancelled any more.
    static func cancel(_ waitlist: Waitlist, now: Int, in db: Database) throws -> [any DomainEvent]? {
        guard try transition(waitlist.id, from: [.awaitingPayment, .waiting], to: .cancelled, at: now, in: db) else { return nil }
        if let pending = try Payment.pending(purpose: .waitlist, subjectID: waitlist.id, userID: waitlist.userID, in: db) {
            _ = try Payment.transition(pending.id, from: [.pending], to: .cancelled, at: now, in: db)
        }
        let refunded = try refundPrepayment(of: waitlist, reason: "waitlist_cancelled", now: now, in: db)
        try noticeRefund(of: waitlist, refundedFen: refunded, noticeKey: "notice_waitlist_refunded_cancelled", now: now, in: db)
        return [WaitlistRefunded(waitlistID: waitlist.id, userID: waitlist.userID, refundedFen: refunded)]
    }

    /// Refunds in full every open waitlist past its deadline (status refunded), and cancels those left
    /// unpaid longer than `holdSeconds`; returns the events to publish.
    static func closeOverdue(now: Int, holdSeconds: Int, in db: Database) throws -> [any DomainEvent] {
        var events: [any DomainEvent] = []
        let overdue = try db.query(
            Waitlist.self,
            """
            SELECT \(columns) FROM waitlists WHERE status IN (?, ?) AND deadline <= ?
            """, [Status.awaitingPayment, Status.waiting, now])
        for waitlist in overdue where try transition(waitlist.id, from: [.awaitingPayment, .waiting], to: .refunded, at: now, in: db) {
            let refunded = try refundPrepayment(of: waitlist, reason: "waitlist_deadline", now: now, in: db)
            try noticeRefund(of: waitlist, refundedFen: refunded, noticeKey: "notice_waitlist_refunded_deadline", now: now, in: db)
            events.append(WaitlistRefunded(waitlistID: waitlist.id, userID: waitlist.userID, refundedFen: refunded))
        }
        try db.run(
            "UPDATE waitlists SET status = ?, closed_at = ? WHERE status = ? AND created_at <= ?",
            [Status.cancelled, now, Status.awaitingPayment, now - holdSeconds])
        return events
    }

    /// Closes a waiting waitlist that seats were found for but that cannot be served as prepaid:
    /// `passengerNames` no longer qualify for their ticket type and the adult fare is more than the
    /// prepayment. It is refunded in full (close reason `ticket_type`) and the user told who and why.
    static func refundForTicketTypes(_ waitlist: Waitlist, passengerNames: [String], now: Int, in db: Database) throws -> [any DomainEvent] {
        guard try transition(waitlist.id, from: [.waiting], to: .refunded, at: now, in: db) else { return [] }
        try db.run("UPDATE waitlists SET closed_reason = ? WHERE id = ?", [CloseReason.ticketType.rawValue, waitlist.id])
        let refunded = try refundPrepayment(of: waitlist, reason: "waitlist_ticket_type", now: now, in: db)
        try Notice.send(
            "notice_waitlist_refunded_ticket_type",
            arguments: [waitlist.number, passengerNames.joined(separator: "、"), Money.format(refunded)], to: [waitlist.userID],
            link: "/waitlist/" + waitlist.number, now: now, in: db)
        return [WaitlistRefunded(waitlistID: waitlist.id, userID: waitlist.userID, refundedFen: refunded)]
    }

    /// Moves waitlist `id` to `status` if it is in one of `from`; returns whether it did.
    static func transition(_ id: Int64, from: [Status], to status: Status, at now: Int, in db: Database) throws -> Bool {
        let placeholders = from.map { _ in "?" }.joined(separator: ", ")
        let queuedAt: Int? = status == .waiting ? now : nil
        let closedAt: Int? = status == .waiting ? nil : now
        return try db.run(
            """
            UPDATE waitlists SET status = ?, queued_at = COALESCE(?, queued_at), closed_at = COALESCE(?, closed_at)
            WHERE id = ? AND status IN (\(placeholders))
            """, [status, queuedAt, closedAt, id] + from) == 1
    }

    /// Tells the waitlist's user that its prepayment came back and why (`noticeKey`:
    /// `notice_waitlist_refunded_deadline`, `…_cancelled`, `…_run_cancelled`), linking to it;
    /// nothing when no money was paid.
    static func noticeRefund(of waitlist: Waitlist, refundedFen: Int, noticeKey: String, now: Int, in db: Database) throws {
        guard refundedFen > 0 else { return }
        try Notice.send(
            noticeKey, arguments: [waitlist.number, Money.format(refundedFen)], to: [waitlist.userID],
            link: "/waitlist/" + waitlist.number, now: now, in: db)
    }

    /// Gives back what is left of the waitlist's prepayment; returns the amount (0 when it was never paid).
    private static func refundPrepayment(of waitlist: Waitlist, reason: String, now: Int, in db: Database) throws -> Int {
        guard let payment = try PaymentLedger.paidPayment(for: .waitlist, subjectID: waitlist.id, in: db) else { return 0 }
        return try PaymentLedger.refund(
            paymentID: payment.id, amountFen: payment.amountFen - payment.refundedFen, reason: reason,
            now: now, in: db)
    }
}
