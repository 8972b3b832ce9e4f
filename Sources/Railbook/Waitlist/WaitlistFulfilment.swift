import Storage

/// Serves the queue of one run and class after seats were released (or a waitlist joined it):
/// waiting waitlists that have it among their choices (`WaitlistChoice`, at any rank, while that
/// choice's deadline is ahead), in order of payment, each try to get seats for all their passengers
/// on the current occupancy; one that cannot is skipped and the next is tried. A served waitlist
/// gets a paid order with issued tickets, paid by its prepayment (any difference in price is
/// refunded, a prepayment being the fare of its dearest choice), and now names the choice it got;
/// its other choices are released with it.
///
/// Ticket types are checked again when seats are found, as a booking would check them then
/// (`TicketRules.recheck`): a passenger who no longer qualifies for the type they joined with (a
/// student whose four trips of the school year were used meanwhile, details removed…) travels as an
/// adult, but only while the prepayment covers the order; otherwise the waitlist is not served on
/// that choice, and when it has no other choice still open it is refunded in full with a notice
/// naming them (`Waitlist.refundForTicketTypes`); nobody is ever charged more than they prepaid. With the fares of today an adult ticket always costs more than
/// the child or student ticket it replaces, so such a waitlist is refunded.
struct WaitlistFulfilment {
    let timetable: Timetable

    /// Fulfils what can be fulfilled now, inside the caller's write transaction; returns the events to publish.
    func fulfil(runID: Int64, seatClass: SeatClass, now: Int, in db: Database) throws -> [any DomainEvent] {
        let queue = try db.query(
            WaitlistChoice.self,
            """
            SELECT c.waitlist_id, c.choice_rank, c.run_id, c.from_sequence, c.to_sequence, c.seat_class, c.departs_at, c.arrives_at,
                   c.deadline
            FROM waitlist_choices c JOIN waitlists w ON w.id = c.waitlist_id
            WHERE c.run_id = ? AND c.seat_class = ? AND w.status = ? AND c.deadline > ? AND w.deadline > ?
            ORDER BY w.queued_at, w.id
            """, [runID, seatClass.rawValue, Waitlist.Status.waiting, now, now])
        var events: [any DomainEvent] = []
        for choice in queue {
            guard let waitlist = try Waitlist.find(id: choice.waitlistID, in: db), waitlist.status == .waiting,
                let leg = try choice.leg(timetable: timetable, in: db), !leg.isCancelled, leg.departsAt > now
            else { continue }
            events += try serve(waitlist, choice: choice, on: leg, now: now, in: db)
        }
        return events
    }

    /// Seats everyone on `waitlist` and writes their paid order, or does nothing (returning no events).
    /// A passenger with an overlapping ticket keeps the waitlist waiting, except other accounts'
    /// unpaid holds for the owner of the waitlist's account, which give way (`TripClash`), and the
    /// account's standing tickets on the run that the seats replace, refunded in full (`StandingUpgrade`).
    private func serve(_ waitlist: Waitlist, choice: WaitlistChoice, on leg: RunLeg, now: Int, in db: Database) throws -> [any DomainEvent] {
        let sale = SeatSale(timetable: timetable, leg: leg, seatClass: choice.seatClass)
        let joined = try WaitlistPassenger.all(waitlistID: waitlist.id, in: db).map(\.traveller)
        guard !joined.isEmpty else { return [] }
        var displaced: [(orderIDs: [Int64], owner: String)] = []
        var standing: [Ticket] = []
        for traveller in joined {
            let replaced = try StandingUpgrade.tickets(replacedBy: leg, for: traveller, userID: waitlist.userID, in: db)
            standing += replaced
            switch try TripClash.check(traveller, on: leg, userID: waitlist.userID, excluding: Set(replaced.map(\.id)), in: db) {
            case .free: break
            case .clash: return []
            case .displaces(let orderIDs): displaced.append((orderIDs, traveller.name))
            }
        }
        let travellers = try ticketTypesNow(of: joined, on: leg, seatClass: choice.seatClass, userID: waitlist.userID, in: db)
        let unqualified = zip(joined, travellers).filter { $0.ticketType != $1.ticketType }.map(\.0.name)
        do {
            // A savepoint: holds displaced for a sale that then finds no seats come back.
            return try db.write { db in
                let released = try displaced.flatMap { try OrderLifecycle.displace($0.orderIDs, forOwner: $0.owner, now: now, in: db) }
                guard
                    let sold = try sale.sell(
                        to: travellers, keepTogether: true, payment: .prepaid, userID: waitlist.userID, now: now,
                        in: db)
                else { throw NotServed() }
                if !unqualified.isEmpty && sold.totalFen > waitlist.amountFen { throw NotCovered() }
                guard try Waitlist.transition(waitlist.id, from: [.waiting], to: .fulfilled, at: now, in: db) else { throw NotServed() }
                // The waitlist now names the choice it got.
                try db.run(
                    """
                    UPDATE waitlists SET fulfilled_order_id = ?, run_id = ?, from_sequence = ?, to_sequence = ?, seat_class = ?,
                                         departs_at = ?, arrives_at = ?
                    WHERE id = ?
                    """,
                    [
                        sold.orderID, choice.runID, choice.fromSequence, choice.toSequence, choice.seatClass.rawValue, choice.departsAt,
                        choice.arrivesAt, waitlist.id,
                    ])
                try Notice.send(
                    "notice_waitlist_fulfilled", arguments: [waitlist.number, leg.train.number, leg.travelDate.description],
                    to: [waitlist.userID], link: "/orders/" + sold.orderNumber, now: now, in: db)
                if let payment = try PaymentLedger.paidPayment(for: .waitlist, subjectID: waitlist.id, in: db),
                    waitlist.amountFen > sold.totalFen
                {
                    try PaymentLedger.refund(
                        paymentID: payment.id, amountFen: waitlist.amountFen - sold.totalFen,
                        reason: "waitlist_difference", now: now, in: db)
                }
                let upgraded = try StandingUpgrade.refund(standing, servedBy: waitlist, now: now, in: db)
                return released + upgraded + [
                    OrderPaid(orderID: sold.orderID, userID: waitlist.userID),
                    WaitlistFulfilled(waitlistID: waitlist.id, orderID: sold.orderID, userID: waitlist.userID),
                ]
            }
        } catch is NotServed {
            return []
        } catch is NotCovered {
            // Another choice (another date or class) may still suit the passengers: it waits for that.
            guard try !WaitlistChoice.othersOpen(than: choice, now: now, in: db) else { return [] }
            return try Waitlist.refundForTicketTypes(waitlist, passengerNames: unqualified, now: now, in: db)
        }
    }

    /// The travellers as they are issued now: each on the ticket type they joined with while they
    /// still qualify for it on this trip (their saved passenger's details of now), else as adults.
    private func ticketTypesNow(
        of travellers: [SeatSale.Traveller], on leg: RunLeg, seatClass: SeatClass, userID: Int64,
        in db: Database
    ) throws -> [SeatSale.Traveller] {
        let rules = TicketRules(timetable: timetable, leg: leg, seatClass: seatClass)
        return try travellers.map { traveller in
            let holder = try TicketHolder.load(
                certificateType: traveller.certificateType, certificateNumber: traveller.certificateNumber,
                passengerID: traveller.passengerID, userID: userID, in: db)
            let ticketType = try rules.recheck(traveller.ticketType, for: holder, in: db).ticketType
            return SeatSale.Traveller(
                passengerID: traveller.passengerID, name: traveller.name, certificateType: traveller.certificateType,
                certificateNumber: traveller.certificateNumber, ticketType: ticketType,
                preference: traveller.preference)
        }
    }

    /// The waitlist could not be served now (nothing it wrote is kept).
    private struct NotServed: Error {}

    /// A passenger no longer qualifies for their ticket type and the order would cost more than the
    /// prepayment (nothing the sale wrote is kept).
    private struct NotCovered: Error {}
}
