import Secrets
import SQLite

/// Books seats: checks the request, assigns seats and creates the unpaid order with one ticket
/// per passenger, all in one transaction, so no seat is ever sold twice and nothing is half-written.
struct Booking {
    /// What the new order got.
    struct Outcome: Sendable {
        let orderNumber: String
        let runID: Int64
        let isTogether: Bool
        let honouredPreferences: Bool
    }

    let timetable: Timetable
    let presaleWindow: ClosedRange<CivilDate>

    /// Creates the order for `userID`; throws `BookingError` (and changes nothing) when it cannot.
    func book(_ request: BookingRequest, userID: Int64, now: Int, in db: Database) throws -> Outcome {
        guard !request.travellers.isEmpty else { throw BookingError.noPassengers }
        guard request.travellers.count <= Order.passengerLimit else { throw BookingError.tooManyPassengers }
        guard Set(request.travellers.map(\.passengerID)).count == request.travellers.count else { throw BookingError.duplicatePassenger }
        let leg = try RunLeg.resolve(runID: request.runID, from: request.fromCode, to: request.toCode, timetable: timetable, in: db)
        guard !leg.isCancelled else { throw BookingError.runCancelled }
        guard leg.departsAt > now else { throw BookingError.departed }
        guard presaleWindow.contains(leg.travelDate) else { throw BookingError.outsideWindow }
        guard leg.train.seatClasses.contains(request.seatClass) else { throw BookingError.classNotSold }
        try checkCancellations(userID: userID, now: now, in: db)
        var passengers: [Passenger] = []
        for traveller in request.travellers {
            guard let passenger = try Passenger.find(id: traveller.passengerID, userID: userID, in: db) else {
                throw BookingError.passengerNotYours
            }
            try checkNoOverlap(passenger, leg, in: db)
            passengers.append(passenger)
        }
        let coaches = try CoachOccupancy.load(runID: leg.runID, seatClass: request.seatClass, in: db)
        let allocator = SeatAllocator(coaches: coaches, segment: leg.segment, stopCount: leg.train.stops.count)
        guard let seats = allocator.allocate(request.travellers.map(\.preference), keepTogether: request.keepTogether) else { throw BookingError.soldOut }
        try CoachOccupancy.update(seats.assignments.map { ($0.coach, $0.seatIndex) }, runID: leg.runID, seatClass: request.seatClass,
                                  segment: leg.segment, isSold: true, in: db)
        let adultFare = Fares.price(of: leg.train, from: leg.originIndex, to: leg.destinationIndex, seatClass: request.seatClass,
                                    in: timetable)
        let prices = request.travellers.map { Fares.price(adultFen: adultFare, ticketType: $0.ticketType, seatClass: request.seatClass) }
        let number = try OrderNumber.next(in: db)
        try db.run("""
            INSERT INTO orders (number, user_id, status, total_fen, created_at, pay_deadline) VALUES (?, ?, 'unpaid', ?, ?, ?)
            """, [.text(number), .integer(userID), .integer(Int64(prices.reduce(0, +))), .integer(Int64(now)),
                  .integer(Int64(now + Order.paymentWindow))])
        let orderID = db.lastInsertedRowID
        for (index, passenger) in passengers.enumerated() {
            try insertTicket(orderID: orderID, passenger: passenger, traveller: request.travellers[index], leg: leg,
                             seatClass: request.seatClass, seat: seats.assignments[index], priceFen: prices[index], in: db)
        }
        return Outcome(orderNumber: number, runID: leg.runID, isTogether: seats.isTogether || !request.keepTogether,
                       honouredPreferences: seats.honouredPreferences)
    }

    private func checkCancellations(userID: Int64, now: Int, in db: Database) throws {
        let startOfToday = RunLeg.unixTime(ChinaTime.date(at: now), minute: 0)
        let cancelled = try db.queryOne("""
            SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND status = 'cancelled' AND closed_at >= ?
            """, [.integer(userID), .integer(Int64(startOfToday))])?.int("n") ?? 0
        if cancelled >= Order.dailyCancellationLimit { throw BookingError.cancellationLimit }
    }

    private func checkNoOverlap(_ passenger: Passenger, _ leg: RunLeg, in db: Database) throws {
        let clash = try db.queryOne("""
            SELECT id FROM tickets WHERE certificate_type = ? AND certificate_number = ? AND status IN ('held', 'issued')
            AND departs_at < ? AND arrives_at > ? LIMIT 1
            """, [.text(passenger.certificateType.rawValue), .text(passenger.certificateNumber), .integer(Int64(leg.arrivesAt)),
                  .integer(Int64(leg.departsAt))])
        if clash != nil { throw BookingError.overlappingTrip(passengerName: passenger.name) }
    }

    private func insertTicket(orderID: Int64, passenger: Passenger, traveller: BookingRequest.Traveller, leg: RunLeg,
                              seatClass: SeatClass, seat: SeatAllocator.Assignment, priceFen: Int, in db: Database) throws {
        try db.run("""
            INSERT INTO tickets (order_id, run_id, passenger_id, passenger_name, certificate_type, certificate_number, ticket_type,
                                 seat_class, from_sequence, to_sequence, departs_at, arrives_at, coach_number, seat_index, price_fen, status)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'held')
            """, [.integer(orderID), .integer(leg.runID), .integer(passenger.id), .text(passenger.name),
                  .text(passenger.certificateType.rawValue), .text(passenger.certificateNumber), .text(traveller.ticketType.rawValue),
                  .text(seatClass.rawValue), .integer(Int64(leg.originIndex)), .integer(Int64(leg.destinationIndex)),
                  .integer(Int64(leg.departsAt)), .integer(Int64(leg.arrivesAt)), .integer(Int64(seat.coach)),
                  .integer(Int64(seat.seatIndex)), .integer(Int64(priceFen))])
    }
}

/// Order numbers: `E` and nine random digits, unique.
enum OrderNumber {
    static func next(in db: Database) throws -> String {
        while true {
            let digits = (0..<9).map { _ in String(RandomNumber.uniform(10)) }.joined()
            let number = "E" + digits
            if try db.queryOne("SELECT id FROM orders WHERE number = ?", [.text(number)]) == nil { return number }
        }
    }
}
