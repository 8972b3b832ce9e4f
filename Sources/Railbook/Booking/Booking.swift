import Secrets
import Storage

/// Books seats: checks the request, assigns seats and creates the unpaid order with one ticket
/// per passenger, all in one transaction, so no seat is ever sold twice and nothing is half-written.
struct Booking {
    /// What the new order got.
    struct Outcome: Sendable {
        let orderNumber: String
        let runID: Int64
        /// The second train's run, for a journey with one change booked together.
        let connectionRunID: Int64?
        let isTogether: Bool
        let honouredPreferences: Bool
        /// What else changed: other accounts' holds displaced for the owner (publish after the commit).
        let events: [any DomainEvent]
    }

    let timetable: Timetable
    let presaleWindow: ClosedRange<CivilDate>
    /// How long the new order holds its seats unpaid.
    let holdSeconds: Int

    /// Creates the order for `userID`; throws `BookingError`, or `UnpaidOrder` while the account has
    /// one (and changes nothing) when it cannot.
    func book(_ request: BookingRequest, userID: Int64, now: Int, in db: Database) throws -> Outcome {
        try UnpaidOrder.refuseIfAny(userID: userID, now: now, in: db)
        guard !request.travellers.isEmpty || !request.carried.isEmpty else { throw BookingError.noPassengers }
        let everyone = request.travellers.map(\.passengerID) + request.carried
        guard everyone.count <= Order.passengerLimit else { throw BookingError.tooManyPassengers }
        guard everyone.count <= Order.seatChoiceLimit || request.travellers.allSatisfy({ $0.preference == .none }) else {
            throw BookingError.tooManySeatChoices
        }
        guard Set(everyone).count == everyone.count else { throw BookingError.duplicatePassenger }
        let escorts = request.travellers.filter { CarriedChild.escortTypes.contains($0.ticketType) }.map(\.passengerID)
        if !request.carried.isEmpty {
            guard !escorts.isEmpty else { throw BookingError.freeChildAlone }
            guard request.carried.count <= escorts.count else { throw BookingError.tooManyFreeChildren }
        }
        let leg = try RunLeg.resolve(runID: request.runID, from: request.fromCode, to: request.toCode, timetable: timetable, in: db)
        guard !leg.isCancelled else { throw BookingError.runCancelled }
        guard leg.departsAt > now else { throw BookingError.departed }
        guard presaleWindow.contains(leg.travelDate) else { throw BookingError.outsideWindow }
        guard leg.train.sells(request.seatClass) else { throw BookingError.classNotSold }
        if request.seatClass == .standing, try !StandingRoom.seatsAreGone(on: leg, in: db) { throw BookingError.seatsLeft }
        try checkCancellations(userID: userID, now: now, in: db)
        let sale = SeatSale(timetable: timetable, leg: leg, seatClass: request.seatClass)
        let rules = TicketRules(timetable: timetable, leg: leg, seatClass: request.seatClass)
        var travellers: [SeatSale.Traveller] = []
        var displaced: [(orderIDs: [Int64], owner: String)] = []
        let passengers = try request.travellers.map { traveller in
            guard let passenger = try Passenger.find(id: traveller.passengerID, userID: userID, in: db) else {
                throw BookingError.passengerNotYours
            }
            return passenger
        }
        let children = try request.carried.map { id in
            guard let child = try Passenger.find(id: id, userID: userID, in: db) else { throw BookingError.passengerNotYours }
            if let refusal = rules.freeChildRefusal(for: TicketHolder(child)) {
                throw BookingError.ticketType(passengerName: child.name, refusal: refusal)
            }
            return child
        }
        try TripClash.lockDocuments((passengers + children).map { ($0.certificateType, $0.certificateNumber) }, in: db)
        for child in children {
            if try DocumentOwner.refusesName(
                child.name, type: child.certificateType.rawValue, number: child.certificateNumber, forAccount: userID, in: db)
            {
                throw BookingError.notOwnersName(passengerName: child.name)
            }
            // Not on another ticket or carried on another trip at the same time.
            let clash = try TripClash.check(
                type: child.certificateType, number: child.certificateNumber, departsAt: leg.departsAt, arrivesAt: leg.arrivesAt,
                userID: userID, in: db)
            if clash == .clash { throw BookingError.overlappingTrip(passengerName: child.name) }
        }
        // Nobody of the order is carried free on another trip at the same time.
        if let carried = try CarriedChild.firstTravelling(
            among: passengers + children, departsAt: leg.departsAt, arrivesAt: leg.arrivesAt, in: db)
        {
            throw BookingError.overlappingTrip(passengerName: carried.name)
        }
        for (traveller, passenger) in zip(request.travellers, passengers) {
            if try DocumentOwner.refusesName(
                passenger.name, type: passenger.certificateType.rawValue, number: passenger.certificateNumber,
                forAccount: userID, in: db)
            {
                throw BookingError.notOwnersName(passengerName: passenger.name)
            }
            if let refusal = try rules.refusal(traveller.ticketType, for: passenger, in: db) {
                throw BookingError.ticketType(passengerName: passenger.name, refusal: refusal)
            }
            let seated = SeatSale.Traveller(passenger, ticketType: traveller.ticketType, preference: traveller.preference)
            switch try TripClash.check(seated, on: leg, userID: userID, in: db) {
            case .free: break
            case .clash: throw BookingError.overlappingTrip(passengerName: passenger.name)
            case .displaces(let orderIDs): displaced.append((orderIDs, passenger.name))
            }
            travellers.append(seated)
        }
        // A journey's two trains are locked together, in the order every transaction touching
        // several runs takes (`CoachOccupancy.lock`), so it never waits in a circle with a change.
        if let connection = request.connection {
            try CoachOccupancy.lock([(leg.runID, request.seatClass), (connection.runID, connection.seatClass)], in: db)
        }
        // The owner's booking goes through: other accounts' holds for them give way first (all of
        // it is rolled back if the sale fails).
        let events = try displaced.flatMap { try OrderLifecycle.displace($0.orderIDs, forOwner: $0.owner, now: now, in: db) }
        let sold: SeatSale.Outcome
        if request.seatChangeAt.isEmpty {
            guard
                let whole = try sale.sell(
                    to: travellers, keepTogether: request.keepTogether, payment: .due(holdSeconds: holdSeconds), userID: userID, now: now,
                    in: db)
            else { throw BookingError.soldOut }
            sold = whole
        } else {
            guard request.connection == nil, request.seatClass != .standing else { throw BookingError.seatChangeInvalid }
            sold = try sellSeatChange(request, on: leg, to: travellers, userID: userID, now: now, in: db)
        }
        try CarriedChild.record(children, escorts: escorts, orderID: sold.orderID, runID: leg.runID, in: db)
        var connected: [any DomainEvent] = []
        if let connection = request.connection {
            connected = try book(
                connection, after: leg, travellers: request.travellers, passengers: passengers, keepTogether: request.keepTogether,
                orderID: sold.orderID, userID: userID, now: now, in: db)
            // A child carried free rides both trains with the same passenger.
            try CarriedChild.record(children, escorts: escorts, orderID: sold.orderID, runID: connection.runID, in: db)
        }
        return Outcome(
            orderNumber: sold.orderNumber, runID: leg.runID, connectionRunID: request.connection?.runID,
            isTogether: sold.seats.isTogether || !request.keepTogether || request.seatClass == .standing,
            honouredPreferences: sold.seats.honouredPreferences, events: events + connected)
    }

    /// Books `connection`, the second train of a journey after `first`, for the same travellers
    /// into order `orderID`, and links the two; throws when it cannot (the caller's transaction
    /// then keeps nothing of the first train either). Returns the events of holds displaced.
    private func book(
        _ connection: ConnectingLeg, after first: RunLeg, travellers: [BookingRequest.Traveller], passengers: [Passenger],
        keepTogether: Bool, orderID: Int64, userID: Int64, now: Int, in db: Database
    ) throws -> [any DomainEvent] {
        guard
            let second = try RunLeg.find(runID: connection.runID, from: connection.fromCode, to: connection.toCode, timetable: timetable, in: db),
            !second.isCancelled, second.departsAt > now, presaleWindow.contains(second.travelDate), second.train.sells(connection.seatClass),
            connection.seatClass != .standing, second.runID != first.runID,
            let arrival = timetable.station(first.train.stops[first.destinationIndex].stationID),
            let departure = timetable.station(second.train.stops[second.originIndex].stationID), arrival.city == departure.city,
            second.departsAt <= first.arrivesAt + TransferSearch.maximumWait * 60
        else { throw BookingError.connectionInvalid }
        let minimum = TransferSearch.minimumChange(arrivingAt: arrival.id, leavingFrom: departure.id)
        guard second.departsAt >= first.arrivesAt + minimum * 60 else { throw BookingError.connectionTooShort(minutes: minimum) }
        let rules = TicketRules(timetable: timetable, leg: second, seatClass: connection.seatClass)
        var seated: [SeatSale.Traveller] = [], displaced: [(orderIDs: [Int64], owner: String)] = []
        for (traveller, passenger) in zip(travellers, passengers) {
            if let refusal = try rules.refusal(traveller.ticketType, for: passenger, in: db) {
                throw BookingError.ticketType(passengerName: passenger.name, refusal: refusal)
            }
            let one = SeatSale.Traveller(passenger, ticketType: traveller.ticketType, preference: SeatAllocator.Preference(code: ""))
            switch try TripClash.check(one, on: second, userID: userID, in: db) {
            case .free: break
            case .clash: throw BookingError.overlappingTrip(passengerName: passenger.name)
            case .displaces(let orderIDs): displaced.append((orderIDs, passenger.name))
            }
            seated.append(one)
        }
        let events = try displaced.flatMap { try OrderLifecycle.displace($0.orderIDs, forOwner: $0.owner, now: now, in: db) }
        let sale = SeatSale(timetable: timetable, leg: second, seatClass: connection.seatClass)
        guard try sale.sell(to: seated, keepTogether: keepTogether, payment: .joining(orderID: orderID), userID: userID, now: now, in: db) != nil
        else { throw BookingError.connectionSoldOut }
        try db.run(
            "INSERT INTO order_connections (order_id, first_run_id, second_run_id, minimum_change_minutes) VALUES (?, ?, ?, ?)",
            [orderID, first.runID, second.runID, minimum])
        return events
    }

    private func checkCancellations(userID: Int64, now: Int, in db: Database) throws {
        let startOfToday = RunLeg.unixTime(ChinaTime.date(at: now), minute: 0)
        let cancelled =
            try db.queryOne(
                """
                SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND status = ? AND closed_at >= ?
                """, [userID, Order.Status.cancelled, startOfToday])?.int("n") ?? 0
        if cancelled >= Order.dailyCancellationLimit { throw BookingError.cancellationLimit }
    }
}

/// Order numbers: `E` and nine random digits, unique.
enum OrderNumber {
    static func next(in db: Database) throws -> String {
        while true {
            let digits = (0..<9).map { _ in String(RandomNumber.uniform(10)) }.joined()
            let number = "E" + digits
            if try db.queryOne("SELECT id FROM orders WHERE number = ?", [number]) == nil { return number }
        }
    }
}
