import Storage

/// A seat waitlisted (候补) for a passenger who stands (无座) on the same train: the seat replaces
/// the standing ticket. The waitlist account's own issued standing tickets for the passenger's
/// document on the waitlist's run, within its stretch, do not clash with the waitlist, when it is
/// joined or served; served, in the same transaction, they are refunded in full (no fee, reason
/// `standing_upgrade`), their places given back and the account told. Any other overlapping
/// ticket (standing on a longer stretch included) still clashes.
enum StandingUpgrade {
    /// The standing tickets a seat on `leg` for `traveller`, waitlisted by account `userID`, replaces.
    static func tickets(replacedBy leg: RunLeg, for traveller: SeatSale.Traveller, userID: Int64, in db: Database) throws -> [Ticket] {
        try db.query(
            Ticket.self,
            """
            SELECT \(Ticket.columns.prefixed("t.")) FROM tickets t JOIN orders o ON o.id = t.order_id
            WHERE t.run_id = ? AND t.seat_class = ? AND t.status = ? AND o.user_id = ?
            AND t.certificate_type = ? AND t.certificate_number = ? AND t.from_sequence >= ? AND t.to_sequence <= ?
            ORDER BY t.id
            """,
            [
                leg.runID, SeatClass.standing, Ticket.Status.issued, userID, traveller.certificateType.rawValue, traveller.certificateNumber,
                leg.originIndex, leg.destinationIndex,
            ])
    }

    /// Refunds `tickets` in full now that waitlist `waitlist` got their passengers seats; an order
    /// left with no valid ticket becomes `refunded`. Returns the events to publish.
    static func refund(_ tickets: [Ticket], servedBy waitlist: Waitlist, now: Int, in db: Database) throws -> [any DomainEvent] {
        var given: [Ticket] = []
        var events: [any DomainEvent] = []
        for ticket in tickets {
            guard
                try db.run(
                    "UPDATE tickets SET status = ?, closed_at = ?, refund_fee_fen = 0 WHERE id = ? AND status = ?",
                    [Ticket.Status.refunded, now, ticket.id, Ticket.Status.issued]) == 1,
                let order = try Order.find(id: ticket.orderID, in: db)
            else { continue }
            let refunded = try TicketRefund.giveBack(ticket.priceFen, for: ticket, reason: "standing_upgrade", now: now, in: db)
            try db.run("UPDATE tickets SET refunded_fen = ? WHERE id = ?", [refunded, ticket.id])
            if try Ticket.validCount(orderID: order.id, in: db) == 0 {
                _ = try Order.transition(order.id, from: .paid, to: .refunded, at: now, in: db)
            }
            try Notice.send(
                "notice_standing_upgraded", arguments: [waitlist.number, ticket.passengerName, Money.format(refunded)],
                to: [waitlist.userID], link: "/orders/" + order.number, now: now, in: db)
            given.append(ticket)
            events.append(TicketRefunded(ticketID: ticket.id, orderID: order.id, refundedFen: refunded))
        }
        try CoachOccupancy.release(given, in: db)
        return events + SeatsReleased.distinct(given)
    }
}
