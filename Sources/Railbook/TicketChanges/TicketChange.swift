import Storage

/// Changes an issued ticket to another run (改签), once per ticket, in one transaction: a seat is
/// allocated on the new run, a new issued ticket (same order and passenger, `changed_from_ticket_id`
/// set) is inserted, the old ticket becomes `changed` and its seat is released.
///
/// Money (the rule shown to the user, as on 12306):
/// - the same fare: nothing is paid or refunded;
/// - a lower fare: the difference goes back to the order's payment less the refund fee on that
///   difference (`RefundPolicy`, by the time left before the OLD ticket's departure), recorded on
///   the old ticket as `refund_fee_fen` / `refunded_fen`;
/// - a higher fare: the difference is paid first (payment purpose `change`, see
///   `TicketChange+Payment.swift`); the change is made when the payment is confirmed;
/// - a change to another date, or after the train has left, also costs the change fee on the old
///   fare (`ChangeFeePolicy`): taken from what a lower fare gives back, and paid first with any
///   difference when that does not cover it. It is recorded on the old ticket as `change_fee_fen`.
///
/// The new ticket's type is decided again for the new trip (`TicketChange+TicketTypes.swift`): a
/// passenger who no longer qualifies for the old type there gets an adult ticket at the adult fare.
///
/// A ticket that was itself produced by a change cannot be changed again. Once its train has left,
/// a ticket can still be changed that day, to a later train of the same date (until the last one
/// leaves); after that day, not at all. The target must serve the ticket's two stations (any
/// train), be on sale (presale window, not cancelled, not left) and not be the same run in the same
/// class (but for a change of destination, `quote(destination:)`). Standing
/// (无座) is a target like a class once no seated class of the target has a seat for the stretch;
/// a standing ticket changes like any other, and its place is given back with its status.
struct TicketChange {
    let timetable: Timetable
    let presaleWindow: ClosedRange<CivilDate>
    /// How a late train waives the fee on a change to another train the same day (`LateTrain`).
    var lateRules: LateTrain.Rules? = nil

    /// The new trip and what it costs or gives back.
    struct Quote {
        let leg: RunLeg
        let seatClass: SeatClass
        /// The new ticket's type: the old one's, or adult when the passenger no longer qualifies for it.
        let ticketType: PassengerType
        /// Why the old ticket's type is not kept, if it is not.
        let typeRefusal: TicketRules.Refusal?
        let oldPriceFen: Int
        let newPriceFen: Int
        /// The refund fee rate on a lower fare's difference, in percent.
        let feePercent: Int
        let feeFen: Int
        /// What goes back to the payment: the difference less the fee (0 for the same fare).
        let refundFen: Int

        /// The change fee rate in percent (`ChangeFeePolicy`) and the fee on the old fare.
        let changeFeePercent: Int
        let changeFeeFen: Int
        /// What is paid before the change is made: a higher fare's difference plus the change fee,
        /// or the part of the change fee that a lower fare's refund does not cover; 0 for none.
        let dueFen: Int

        /// New fare minus old fare: negative when cheaper.
        var differenceFen: Int { newPriceFen - oldPriceFen }
        /// Something is to be paid before the change is made.
        var needsPayment: Bool { dueFen > 0 }

        /// The money of a change from `oldPriceFen` to `newPriceFen`: the refund fee on a lower
        /// fare's difference (`refund`, by the time left), then the change fee taken from what is
        /// left or added to what is due.
        init(
            leg: RunLeg, seatClass: SeatClass, ticketType: PassengerType, typeRefusal: TicketRules.Refusal?, oldPriceFen: Int,
            newPriceFen: Int, refund: RefundPolicy.Quote, changeFeePercent: Int
        ) {
            self.leg = leg
            self.seatClass = seatClass
            self.ticketType = ticketType
            self.typeRefusal = typeRefusal
            self.oldPriceFen = oldPriceFen
            self.newPriceFen = newPriceFen
            self.feePercent = refund.percent
            self.feeFen = refund.feeFen
            self.changeFeePercent = changeFeePercent
            changeFeeFen = ChangeFeePolicy.fee(fareFen: oldPriceFen, percent: changeFeePercent)
            let difference = newPriceFen - oldPriceFen
            let left = difference > 0 ? -difference : refund.refundFen
            refundFen = max(0, left - changeFeeFen)
            dueFen = max(0, changeFeeFen - left)
        }
    }

    /// What a change request led to.
    enum Result {
        /// The ticket was changed; publish `events` after the commit.
        case changed(orderNumber: String, events: [any DomainEvent])
        /// A dearer fare: the difference is to be paid at `checkoutPath`; the change is made once it is paid.
        case awaitingPayment(checkoutPath: String)

        /// The events to publish (and whose reactions to record).
        var events: [any DomainEvent] {
            if case .changed(_, let events) = self { return events }
            return []
        }

        /// Where the traveller goes next: the order, or paying the difference.
        var location: String {
            switch self {
            case .changed(let orderNumber, _): "/orders/\(orderNumber)?changed=1"
            case .awaitingPayment(let checkoutPath): checkoutPath
            }
        }
    }

    /// Checks that `ticket` may be changed at all at `now`: before its train leaves (as it is
    /// expected to, when `late`), or after that on the ticket's date.
    static func checkChangeable(_ ticket: Ticket, now: Int, late: LateTrain? = nil) throws(TicketChangeError) {
        switch ticket.status {
        case .issued: break
        case .changed: throw .alreadyChanged
        case .held, .released, .refunded: throw .notIssued
        }
        guard ticket.changedFromTicketID == nil else { throw .alreadyChanged }
        guard departure(of: ticket, late: late) > now || ChinaTime.date(at: now) == ChinaTime.date(at: ticket.departsAt) else {
            throw .departed
        }
    }

    /// A change of destination (变更到站) is made at least this long before departure (48 hours).
    static let destinationLeadSeconds = 48 * 3600

    /// Whether `quote` keeps `ticket`'s run and class (a change of destination).
    static func isNewDestination(_ ticket: Ticket, _ quote: Quote) -> Bool {
        quote.leg.runID == ticket.runID && quote.seatClass == ticket.seatClass
    }

    /// When `ticket`'s train leaves its origin: as timetabled, or as expected when `late`.
    static func departure(of ticket: Ticket, late: LateTrain?) -> Int {
        max(ticket.departsAt, late?.expectedDepartsAt ?? 0)
    }

    /// Whether a train expected late (`late`) waives the fees on a change of `ticket` at `now` to a
    /// train of the same date (`sameDate`): until it leaves, or for good when its delay broke the
    /// passenger's connection.
    static func isWaived(_ ticket: Ticket, late: LateTrain?, sameDate: Bool, now: Int) -> Bool {
        guard let late, sameDate else { return false }
        return departure(of: ticket, late: late) > now || late.missedFrom != nil
    }

    /// The change fee rate in percent for changing `ticket` at `now` to a train of the same date as
    /// its own (`sameDate`) or another (`ChangeFeePolicy`), 0 when a late train waives it.
    static func changeFeePercent(_ ticket: Ticket, late: LateTrain?, sameDate: Bool, now: Int) -> Int {
        isWaived(ticket, late: late, sameDate: sameDate, now: now)
            ? 0 : ChangeFeePolicy.percent(departsAt: departure(of: ticket, late: late), now: now, sameDate: sameDate)
    }

    /// The dates a ticket can be changed to at `now`: the presale window, or only the ticket's own
    /// date once its train has left.
    func dates(for ticket: Ticket, now: Int, late: LateTrain?) -> ClosedRange<CivilDate> {
        guard TicketChange.departure(of: ticket, late: late) <= now else { return presaleWindow }
        let date = ChinaTime.date(at: ticket.departsAt)
        return date...date
    }

    /// The quote for changing `ticket` to run `runID` in `seatClass` (same stations); throws
    /// `TicketChangeError` when that change is not allowed (seats left are not checked here).
    func quote(
        _ ticket: Ticket, runID: Int64, seatClass: SeatClass, destination: String? = nil, now: Int, in db: Database
    ) throws -> Quote {
        let late = try lateRules?.lateness(of: ticket, in: db)
        try TicketChange.checkChangeable(ticket, now: now, late: late)
        let current = try RunLeg.of(ticket, timetable: timetable, in: db)
        let stations = current.telecodes(in: timetable)
        // 变更到站: the same run and class to another stop, at least 48 hours before departure.
        let newDestination = destination.flatMap { $0 == stations.to ? nil : $0 }
        if newDestination != nil {
            guard runID == ticket.runID, seatClass == ticket.seatClass else { throw TicketChangeError.runNotFound }
            guard ticket.departsAt - now >= TicketChange.destinationLeadSeconds else { throw TicketChangeError.destinationTooLate }
            guard try !OrderSeatChange.holds(ticket, in: db) else { throw TicketChangeError.destinationOfSeatChange }
        }
        let leg: RunLeg
        do {
            leg = try RunLeg.resolve(runID: runID, from: stations.from, to: newDestination ?? stations.to, timetable: timetable, in: db)
        } catch is BookingError {
            throw newDestination == nil ? TicketChangeError.runNotFound : TicketChangeError.destinationNotServed
        }
        guard leg.train.sells(seatClass) else { throw TicketChangeError.classNotSold }
        guard leg.runID != ticket.runID || seatClass != ticket.seatClass || newDestination != nil else { throw TicketChangeError.sameTrain }
        guard !leg.isCancelled else { throw TicketChangeError.runCancelled }
        guard leg.departsAt > now else { throw TicketChangeError.targetDeparted }
        guard presaleWindow.contains(leg.travelDate) else { throw TicketChangeError.outsideWindow }
        let departure = TicketChange.departure(of: ticket, late: late)
        let sameDate = ChinaTime.date(at: leg.departsAt) == ChinaTime.date(at: ticket.departsAt)
        guard departure > now || sameDate else { throw TicketChangeError.otherDateAfterDeparture }
        if seatClass == .standing, try !StandingRoom.seatsAreGone(on: leg, in: db) { throw TicketChangeError.seatsLeft }
        if let child = try CarriedChild.tooOld(carriedOn: ticket, travelling: leg.travelDate, in: db) {
            throw TicketChangeError.carriedChildTooOld(childName: child)
        }
        let type = try ticketType(of: ticket, holder: try TicketHolder.of(ticket, in: db), on: leg, seatClass: seatClass, in: db)
        // A new destination keeps the sleeper berth's level (`freeSeat(keeping:)`), and its fare.
        let adultFare =
            newDestination != nil
            ? Fares.price(keepingBerthOf: ticket, train: leg.train, to: leg.destinationIndex, in: timetable)
            : Fares.price(of: leg.train, from: leg.originIndex, to: leg.destinationIndex, seatClass: seatClass, in: timetable)
        let newPrice = Fares.price(adultFen: adultFare, ticketType: type.ticketType, seatClass: seatClass)
        // A train expected late waives the fees on a change to another train the same day. After
        // departure a lower fare's difference is not given back, as a refund would not be.
        let waived = TicketChange.isWaived(ticket, late: late, sameDate: sameDate, now: now)
        let refund =
            waived
            ? RefundPolicy.Quote(percent: 0, feeFen: 0, refundFen: max(0, ticket.priceFen - newPrice))
            : RefundPolicy.quote(amountFen: max(0, ticket.priceFen - newPrice), departsAt: ticket.departsAt, now: now)
                ?? RefundPolicy.Quote(percent: 0, feeFen: 0, refundFen: 0)
        return Quote(
            leg: leg, seatClass: seatClass, ticketType: type.ticketType, typeRefusal: type.refusal, oldPriceFen: ticket.priceFen,
            newPriceFen: newPrice, refund: refund,
            changeFeePercent: TicketChange.changeFeePercent(ticket, late: late, sameDate: sameDate, now: now))
    }

    /// Changes ticket `ticketID` of one of `userID`'s orders, or (dearer fare) starts the payment of
    /// the difference; nil when there is no such ticket. Throws `TicketChangeError` or
    /// `TicketRefund.Failure` (and changes nothing) when the change is refused.
    func change(
        ticketID: Int64, userID: Int64, runID: Int64, seatClass: SeatClass, destination: String? = nil, now: Int, in db: Database
    ) throws -> Result? {
        guard let ticket = try Ticket.find(id: ticketID, userID: userID, in: db),
            let order = try Order.find(id: ticket.orderID, in: db)
        else { return nil }
        // The passenger's document first, as a booking locks it: their student trips are counted for the quote.
        try TripClash.lockDocuments([(ticket.certificateType, ticket.certificateNumber)], in: db)
        let quote = try quote(ticket, runID: runID, seatClass: seatClass, destination: destination, now: now, in: db)
        if quote.needsPayment {
            return .awaitingPayment(checkoutPath: try requestPayment(ticket, order: order, quote: quote, userID: userID, now: now, in: db))
        }
        let applied = try apply(ticket, quote, userID: userID, now: now, in: db)
        var refunded = 0
        if quote.refundFen > 0 || quote.feeFen > 0 || quote.changeFeeFen > 0 {
            refunded = try TicketRefund.giveBack(quote.refundFen, for: ticket, reason: "ticket_change", now: now, in: db)
            try db.run(
                "UPDATE tickets SET refund_fee_fen = ?, refunded_fen = ?, change_fee_fen = ? WHERE id = ?",
                [quote.feeFen, refunded, quote.changeFeeFen, ticket.id])
        }
        return .changed(
            orderNumber: order.number,
            events: applied.events + events(ticket, newTicketID: applied.ticketID, quote: quote, refundedFen: refunded))
    }

    /// A change made: the new ticket, and the events of other accounts' holds displaced for it.
    struct Applied {
        let ticketID: Int64
        let events: [any DomainEvent]
    }

    /// The change itself, for account `userID`: the old ticket becomes `changed`, a seat is sold on
    /// the new run to a new issued ticket, the old seat is released; other accounts' unpaid holds for
    /// the owner at the new time give way.
    func apply(_ ticket: Ticket, _ quote: Quote, userID: Int64, now: Int, in db: Database) throws -> Applied {
        // Both runs' coaches, in one order, before either is touched: two changes crossing between
        // the same runs never wait for each other in a circle.
        try CoachOccupancy.lock([(ticket.runID, ticket.seatClass), (quote.leg.runID, quote.seatClass)], in: db)
        let displaced = try checkNoOverlap(ticket, quote.leg, userID: userID, in: db)
        let released = try OrderLifecycle.displace(displaced, forOwner: ticket.passengerName, now: now, in: db)
        guard
            try db.run(
                "UPDATE tickets SET status = ?, closed_at = ? WHERE id = ? AND status = ?",
                [Ticket.Status.changed, now, ticket.id, Ticket.Status.issued]) == 1
        else { throw TicketChangeError.alreadyChanged }
        // A new destination on the same train keeps the seat when it is free for the new stretch:
        // the old stretch is given back first.
        let newDestination = TicketChange.isNewDestination(ticket, quote)
        if newDestination { try CoachOccupancy.release([ticket], in: db) }
        guard let seat = try freeSeat(quote, keeping: newDestination ? ticket : nil, in: db) else { throw TicketChangeError.soldOut }
        try CoachOccupancy.update(
            [(seat.coach, seat.seatIndex)], runID: quote.leg.runID, seatClass: quote.seatClass,
            segment: quote.leg.segment, isSold: true, in: db)
        let newTicketID = try insertReplacement(of: ticket, quote: quote, seat: seat, in: db)
        try CarriedChild.move(fromTicket: ticket.id, toTicket: newTicketID, in: db)
        if newDestination {
            try ShopOrders.follow(ticket, to: newTicketID, leg: quote.leg, in: db)
        } else {
            try CoachOccupancy.release([ticket], in: db)
        }
        return Applied(ticketID: newTicketID, events: released)
    }

    /// The seat the new ticket would get, or nil when the class is sold out for the stretch. On a
    /// sleeper an upper berth while there is one: the change is priced at the class (upper) fare.
    /// Standing takes a free place of the run's quota (`StandingRoom`, locked like coaches).
    func freeSeat(_ quote: Quote, keeping held: Ticket? = nil, in db: Database) throws -> SeatAllocator.Assignment? {
        let coaches =
            quote.seatClass == .standing
            ? [try StandingRoom.places(of: quote.leg, in: db)]
            : try CoachOccupancy.load(runID: quote.leg.runID, seatClass: quote.seatClass, in: db)
        let segment = try quote.leg.segment
        let allocator = SeatAllocator(coaches: coaches, segment: segment, stopCount: quote.leg.train.stops.count)
        guard let held else { return allocator.allocate([quote.seatClass.isSleeper ? .letter("upper") : .none])?.assignments.first }
        // The held seat counts as free where the ticket itself holds it (before or after its release).
        let own = try SegmentMask(from: held.fromSequence, to: held.toSequence).bits
        if let coach = coaches.first(where: { $0.number == held.coachNumber }), coach.occupancy.indices.contains(held.seatIndex),
            segment.isFree(coach.occupancy[held.seatIndex] & ~own)
        {
            return SeatAllocator.Assignment(coach: held.coachNumber, seatIndex: held.seatIndex)
        }
        // Another seat of the class; on a sleeper a berth of the same level, the one the quote is priced at.
        guard quote.seatClass.isSleeper else { return allocator.allocate([.none])?.assignments.first }
        let outcome = allocator.allocate([.letter(quote.seatClass.seatLabel(index: held.seatIndex).letter)])
        return outcome?.honouredPreferences == true ? outcome?.assignments.first : nil
    }

    /// The events of a change: the old seat released, the ticket changed.
    func events(_ ticket: Ticket, newTicketID: Int64, quote: Quote, refundedFen: Int) -> [any DomainEvent] {
        SeatsReleased.distinct([ticket]) + [
            TicketChanged(
                ticketID: ticket.id, newTicketID: newTicketID, orderID: ticket.orderID,
                newRunID: quote.leg.runID, refundedFen: refundedFen)
        ]
    }

    /// The passenger may not hold another ticket (besides the one being changed) overlapping the new
    /// trip (`TripClash`); returns the other accounts' unpaid orders that give way to the owner.
    func checkNoOverlap(_ ticket: Ticket, _ leg: RunLeg, userID: Int64, in db: Database) throws -> [Int64] {
        switch try TripClash.check(
            type: ticket.certificateType, number: ticket.certificateNumber, departsAt: leg.departsAt,
            arrivesAt: leg.arrivesAt, userID: userID, excluding: ticket.id, in: db)
        {
        case .free: return []
        case .clash: throw TicketChangeError.overlappingTrip(passengerName: ticket.passengerName)
        case .displaces(let orderIDs): return orderIDs
        }
    }

    /// Inserts the new issued ticket: the old one's order and passenger, the new run, stretch, seat, type and price.
    private func insertReplacement(of ticket: Ticket, quote: Quote, seat: SeatAllocator.Assignment, in db: Database) throws -> Int64 {
        let leg = quote.leg
        return try db.insert(
            """
            INSERT INTO tickets (order_id, run_id, passenger_id, passenger_name, certificate_type, certificate_number, ticket_type,
                                 seat_class, from_sequence, to_sequence, departs_at, arrives_at, coach_number, seat_index, price_fen,
                                 status, changed_from_ticket_id)
            SELECT order_id, ?, passenger_id, passenger_name, certificate_type, certificate_number, ?,
                   ?, ?, ?, ?, ?, ?, ?, ?, ?, id FROM tickets WHERE id = ?
            RETURNING id
            """,
            [
                leg.runID, quote.ticketType.rawValue, quote.seatClass.rawValue, leg.originIndex, leg.destinationIndex,
                leg.departsAt, leg.arrivesAt, seat.coach, seat.seatIndex,
                quote.newPriceFen, Ticket.Status.issued, ticket.id,
            ])
    }
}
