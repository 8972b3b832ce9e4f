import Storage

/// Ends unpaid orders — cancelled by the user or expired at their deadline — releasing their seats
/// in the same transaction, and reports the events to publish after it commits.
enum OrderLifecycle {
    /// Cancels the user's unpaid order; returns the events, or nil when it is not unpaid any more.
    static func cancel(_ order: Order, now: Int, in db: Database) throws -> [any DomainEvent]? {
        guard try Order.transition(order.id, from: .unpaid, to: .cancelled, at: now, in: db) else { return nil }
        let released = try releaseHeldTickets(orderID: order.id, now: now, in: db)
        return [OrderCancelled(orderID: order.id, userID: order.userID)] + released
    }

    /// Ends an unpaid order for the railway as `status` — `withdrawn` (its run was cancelled) or
    /// `displaced` (the owner of a document it held booked the same time) —, releasing its held
    /// seats and cancelling a payment still pending; returns the events, or nil when it was not
    /// unpaid any more.
    static func close(_ order: Order, as status: Order.Status, now: Int, in db: Database) throws -> [any DomainEvent]? {
        guard try Order.transition(order.id, from: .unpaid, to: status, at: now, in: db) else { return nil }
        if let pending = try Payment.pending(purpose: .ticketOrder, subjectID: order.id, userID: order.userID, in: db) {
            _ = try Payment.transition(pending.id, from: [.pending], to: .cancelled, at: now, in: db)
        }
        return try releaseHeldTickets(orderID: order.id, now: now, in: db)
    }

    /// Displaces the unpaid orders `orderIDs` of other accounts because `ownerName`, whose document
    /// they held, books the same time from their own account; each account gets a notice.
    static func displace(_ orderIDs: [Int64], forOwner ownerName: String, now: Int, in db: Database) throws -> [any DomainEvent] {
        var events: [any DomainEvent] = []
        for id in orderIDs {
            guard let order = try Order.find(id: id, in: db), let released = try close(order, as: .displaced, now: now, in: db) else { continue }
            try Notice.send(
                "notice_order_displaced", arguments: [order.number, ownerName], to: [order.userID],
                link: "/orders/" + order.number, now: now, in: db)
            events += released
        }
        return events
    }

    /// Expires every unpaid order past its deadline; returns the events to publish.
    static func expireOverdue(now: Int, in db: Database) throws -> [any DomainEvent] {
        let overdue = try db.query(
            Order.self, "SELECT \(Order.columns) FROM orders WHERE status = ? AND pay_deadline <= ?",
            [Order.Status.unpaid, now])
        var events: [any DomainEvent] = []
        for order in overdue where try Order.transition(order.id, from: .unpaid, to: .expired, at: now, in: db) {
            events.append(OrderExpired(orderID: order.id, userID: order.userID))
            events += try releaseHeldTickets(orderID: order.id, now: now, in: db)
        }
        return events
    }

    /// Marks an order's held tickets released and frees their seats: only those this transaction
    /// moved from held, so a seat is never freed twice.
    private static func releaseHeldTickets(orderID: Int64, now: Int, in db: Database) throws -> [any DomainEvent] {
        let tickets = try Ticket.all(orderID: orderID, in: db).filter { $0.status == .held }.filter { ticket in
            try db.run(
                "UPDATE tickets SET status = ?, closed_at = ? WHERE id = ? AND status = ?",
                [Ticket.Status.released, now, ticket.id, Ticket.Status.held]) == 1
        }
        try CoachOccupancy.release(tickets, in: db)
        return SeatsReleased.distinct(tickets)
    }
}

extension SeatsReleased {
    /// One event per run and class among `tickets`.
    static func distinct(_ tickets: [Ticket]) -> [any DomainEvent] {
        var seen = Set<String>()
        return tickets.compactMap { ticket in
            seen.insert("\(ticket.runID)/\(ticket.seatClass.rawValue)").inserted
                ? SeatsReleased(runID: ticket.runID, seatClass: ticket.seatClass) : nil
        }
    }
}
