import Storage

/// Refunds an issued ticket (退票) in one transaction: the ticket becomes `refunded` with its fee
/// and refund recorded, its seat is released, the fare less the fee goes back to the order's
/// payment, and the order becomes `refunded` once none of its tickets is valid any more.
enum TicketRefund {
    /// What a refund did, with the events to publish after the commit.
    struct Outcome {
        let orderNumber: String
        let feeFen: Int
        let refundedFen: Int
        let events: [any DomainEvent]
    }

    /// Why a ticket cannot be refunded; nothing was changed.
    enum Failure: Error, Equatable {
        /// Already refunded (a repeated submit): nothing more to do.
        case alreadyRefunded
        /// Held, released or changed: only issued tickets are refunded.
        case notIssued
        /// The train has left the ticket's origin.
        case departed
        /// The order has no completed payment to give the money back to.
        case noPayment

        /// The message-catalog key explaining it.
        var messageKey: String {
            switch self {
            case .alreadyRefunded: "refund_error_already_refunded"
            case .notIssued: "refund_error_not_issued"
            case .departed: "refund_error_departed"
            case .noPayment: "refund_error_no_payment"
            }
        }
    }

    /// The fee and refund for `ticket` at `now`; throws `Failure` when it cannot be refunded. A
    /// train expected `late` enough waives the fee until it is expected to leave.
    static func quote(_ ticket: Ticket, now: Int, late: LateTrain? = nil) throws(Failure) -> RefundPolicy.Quote {
        switch ticket.status {
        case .issued: break
        case .refunded: throw .alreadyRefunded
        case .held, .released, .changed: throw .notIssued
        }
        if let late {
            guard late.expectedDepartsAt > now else { throw .departed }
            return RefundPolicy.Quote(percent: 0, feeFen: 0, refundFen: ticket.priceFen)
        }
        guard let quote = RefundPolicy.quote(amountFen: ticket.priceFen, departsAt: ticket.departsAt, now: now) else { throw .departed }
        return quote
    }

    /// Refunds the ticket `ticketID` of one of `userID`'s orders; nil when there is no such ticket.
    /// Throws `Failure` (and changes nothing) when it cannot be refunded, including a second time.
    /// With `lateRules`, a train expected late enough waives the fee (`LateTrain`).
    static func refund(ticketID: Int64, userID: Int64, now: Int, lateRules: LateTrain.Rules? = nil, in db: Database) throws -> Outcome? {
        guard let ticket = try Ticket.find(id: ticketID, userID: userID, in: db),
            let order = try Order.find(id: ticket.orderID, in: db)
        else { return nil }
        let quote = try quote(ticket, now: now, late: try lateRules?.lateness(of: ticket, in: db))
        guard
            try db.run(
                "UPDATE tickets SET status = ?, closed_at = ? WHERE id = ? AND status = ?",
                [Ticket.Status.refunded, now, ticket.id, Ticket.Status.issued]) == 1
        else { throw Failure.alreadyRefunded }
        let refunded = try giveBack(quote.refundFen, for: ticket, reason: "ticket_refund", now: now, in: db)
        try db.run(
            "UPDATE tickets SET refund_fee_fen = ?, refunded_fen = ? WHERE id = ?",
            [quote.feeFen, refunded, ticket.id])
        try CoachOccupancy.release([ticket], in: db)
        try closeIfNothingValid(order, now: now, in: db)
        let events: [any DomainEvent] = [TicketRefunded(ticketID: ticket.id, orderID: order.id, refundedFen: refunded)]
        return Outcome(orderNumber: order.number, feeFen: quote.feeFen, refundedFen: refunded, events: events + SeatsReleased.distinct([ticket]))
    }

    /// Pays `amountFen` of `ticket` back: first to the payments of a dearer change's difference
    /// that paid for it, the rest to the payment that paid its order (the order's own, or the
    /// waitlist prepayment of an order made by waitlist fulfilment); returns what was refunded. Throws
    /// `Failure.noPayment` when money is left to give back but there is no payment to give it to.
    static func giveBack(_ amountFen: Int, for ticket: Ticket, reason: String, now: Int, in db: Database) throws -> Int {
        var left = amountFen
        for paymentID in try TicketChangeRequest.payments(forNewTicket: ticket.id, in: db) where left > 0 {
            left -= try PaymentLedger.refund(paymentID: paymentID, amountFen: left, reason: reason, now: now, in: db)
        }
        guard left > 0 else { return amountFen }
        guard let payment = try PaymentLedger.orderPayment(orderID: ticket.orderID, in: db) else { throw Failure.noPayment }
        left -= try PaymentLedger.refund(paymentID: payment.id, amountFen: left, reason: reason, now: now, in: db)
        return amountFen - left
    }

    /// Marks a paid order `refunded` when none of its tickets is issued any more (every one refunded,
    /// or changed and its replacement refunded).
    private static func closeIfNothingValid(_ order: Order, now: Int, in db: Database) throws {
        if try Ticket.validCount(orderID: order.id, in: db) == 0 { _ = try Order.transition(order.id, from: .paid, to: .refunded, at: now, in: db) }
    }
}
