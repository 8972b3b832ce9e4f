import Storage

/// Sells seats of one class on one leg inside a write transaction: picks them with the seat
/// allocator on the current occupancy, marks them sold and writes the order with one ticket per
/// traveller. Shared by booking (an unpaid order) and waitlist fulfilment (an order paid already).
struct SeatSale {
    /// Who travels on a ticket, as printed on it, and their seat wish.
    struct Traveller: Sendable {
        /// The saved passenger, when there still is one.
        let passengerID: Int64?
        let name: String
        let certificateType: CertificateType
        let certificateNumber: String
        let ticketType: PassengerType
        var preference: SeatAllocator.Preference = .none
    }

    /// How the new order starts out.
    enum Payment {
        /// Seats held for `holdSeconds`, until the payment deadline.
        case due(holdSeconds: Int)
        /// Paid already (by a waitlist prepayment): tickets issued.
        case prepaid
        /// Added to unpaid order `orderID` (the second train of a journey booked together), its
        /// total raised by these tickets' fares: tickets held.
        case joining(orderID: Int64)
    }

    /// What was sold.
    struct Outcome {
        let orderID: Int64
        let orderNumber: String
        let totalFen: Int
        let seats: SeatAllocator.Outcome
    }

    let timetable: Timetable
    let leg: RunLeg
    let seatClass: SeatClass

    /// The price of each traveller's ticket before seats are given, in their order: a sleeper at the
    /// berth picked, or at the dearest (lower) berth without a pick (the sale charges the berth given).
    func prices(of travellers: [Traveller]) -> [Int] {
        travellers.map { traveller in
            let pick = traveller.preference.code ?? ""
            return price(of: traveller, berth: seatClass.rowLetters.contains(pick) ? pick : "lower")
        }
    }

    /// What `traveller` pays for a ticket of this class, in `berth` on a sleeper.
    func price(of traveller: Traveller, berth: String) -> Int {
        let classFare = Fares.price(of: leg.train, from: leg.originIndex, to: leg.destinationIndex, seatClass: seatClass, in: timetable)
        let adultFare = seatClass.isSleeper ? Fares.price(upperFen: classFare, berth: berth) : classFare
        return Fares.price(adultFen: adultFare, ticketType: traveller.ticketType, seatClass: seatClass)
    }

    /// Seats everyone and writes the order; nil (and nothing written) when fewer seats are free than travellers.
    func sell(
        to travellers: [Traveller], keepTogether: Bool, payment: Payment, userID: Int64, now: Int,
        in db: Database
    ) throws -> Outcome? {
        let coaches =
            seatClass == .standing
            ? [try StandingRoom.places(of: leg, in: db)]
            : try CoachOccupancy.load(runID: leg.runID, seatClass: seatClass, in: db)
        let allocator = SeatAllocator(coaches: coaches, segment: try leg.segment, stopCount: leg.train.stops.count)
        guard let seats = allocator.allocate(travellers.map(\.preference), keepTogether: keepTogether) else { return nil }
        return try sell(to: travellers, seats: seats, payment: payment, userID: userID, now: now, in: db)
    }

    /// Sells `seats` (one per traveller, free on the leg: the caller read them in this transaction)
    /// and writes the order, as `sell(to:keepTogether:…)` does once it has chosen them.
    func sell(
        to travellers: [Traveller], seats: SeatAllocator.Outcome, payment: Payment, userID: Int64, now: Int, in db: Database
    ) throws -> Outcome? {
        try CoachOccupancy.update(
            seats.assignments.map { ($0.coach, $0.seatIndex) }, runID: leg.runID, seatClass: seatClass,
            segment: leg.segment, isSold: true, in: db)
        let prices = zip(travellers, seats.assignments).map { traveller, seat in
            price(of: traveller, berth: seatClass.seatLabel(index: seat.seatIndex).letter)
        }
        let total = prices.reduce(0, +)
        let orderID: Int64, number: String
        switch payment {
        case .due(let holdSeconds):
            number = try OrderNumber.next(in: db)
            orderID = try db.insert(
                """
                INSERT INTO orders (number, user_id, status, total_fen, created_at, pay_deadline) VALUES (?, ?, ?, ?, ?, ?)
                RETURNING id
                """, [number, userID, Order.Status.unpaid, total, now, now + holdSeconds])
        case .prepaid:
            number = try OrderNumber.next(in: db)
            orderID = try db.insert(
                """
                INSERT INTO orders (number, user_id, status, total_fen, created_at, pay_deadline, paid_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                RETURNING id
                """, [number, userID, Order.Status.paid, total, now, now, now])
        case .joining(let joined):
            guard
                let row = try db.queryOne(
                    "UPDATE orders SET total_fen = total_fen + ? WHERE id = ? AND user_id = ? RETURNING number", [total, joined, userID])
            else { return nil }
            orderID = joined
            number = try row.string("number")
        }
        let ticketStatus: Ticket.Status = if case .prepaid = payment { .issued } else { .held }
        for (index, traveller) in travellers.enumerated() {
            try insertTicket(
                orderID: orderID, traveller: traveller, seat: seats.assignments[index], priceFen: prices[index],
                status: ticketStatus, in: db)
        }
        return Outcome(orderID: orderID, orderNumber: number, totalFen: total, seats: seats)
    }

    private func insertTicket(
        orderID: Int64, traveller: Traveller, seat: SeatAllocator.Assignment, priceFen: Int,
        status: Ticket.Status, in db: Database
    ) throws {
        try db.run(
            """
            INSERT INTO tickets (order_id, run_id, passenger_id, passenger_name, certificate_type, certificate_number, ticket_type,
                                 seat_class, from_sequence, to_sequence, departs_at, arrives_at, coach_number, seat_index, price_fen, status,
                                 seat_pick)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                orderID, leg.runID, traveller.passengerID, traveller.name,
                traveller.certificateType.rawValue, traveller.certificateNumber, traveller.ticketType.rawValue,
                seatClass.rawValue, leg.originIndex, leg.destinationIndex,
                leg.departsAt, leg.arrivesAt, seat.coach,
                seat.seatIndex, priceFen, status, traveller.preference.code,
            ])
    }
}

extension SeatSale.Traveller {
    /// A saved passenger travelling on `ticketType` with `preference`.
    init(_ passenger: Passenger, ticketType: PassengerType, preference: SeatAllocator.Preference) {
        self.init(
            passengerID: passenger.id, name: passenger.name, certificateType: passenger.certificateType,
            certificateNumber: passenger.certificateNumber, ticketType: ticketType, preference: preference)
    }
}
