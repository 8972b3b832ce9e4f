import Secrets
import Storage

/// Joins a waitlist: checks the request as booking would, makes sure each trip's class really is
/// sold out for its stretch, and writes the waitlist awaiting its prepayment, with a snapshot of each
/// passenger and its choices ranked (`WaitlistChoice`).
struct WaitlistJoining {
    let timetable: Timetable
    let presaleWindow: ClosedRange<CivilDate>
    let deadlines: WaitlistDeadline

    /// Creates the waitlist for `userID`; throws `WaitlistError`, or `UnpaidOrder` while the account
    /// has one (and changes nothing) when it cannot.
    func join(_ request: WaitlistRequest, userID: Int64, now: Int, in db: Database) throws -> Waitlist {
        try UnpaidOrder.refuseIfAny(userID: userID, now: now, in: db)
        // Counted under the account's lock (taken above), so two joins at once cannot both pass.
        let open =
            try db.queryOne(
                "SELECT COUNT(*) AS n FROM waitlists WHERE user_id = ? AND status IN (?, ?)",
                [userID, Waitlist.Status.awaitingPayment, Waitlist.Status.waiting])?.int("n") ?? 0
        guard open < Waitlist.openLimit else { throw WaitlistError.tooManyOpen }
        guard !request.passengerIDs.isEmpty else { throw WaitlistError.noPassengers }
        guard request.passengerIDs.count <= Waitlist.passengerLimit else { throw WaitlistError.tooManyPassengers }
        guard Set(request.passengerIDs).count == request.passengerIDs.count else { throw WaitlistError.duplicatePassenger }
        let choices = try checkedChoices(request, now: now, in: db)
        let leg = choices[0].leg
        let rules = TicketRules(timetable: timetable, leg: leg, seatClass: request.seatClass)
        var travellers: [SeatSale.Traveller] = []
        for passengerID in request.passengerIDs {
            guard let passenger = try Passenger.find(id: passengerID, userID: userID, in: db) else { throw WaitlistError.passengerNotYours }
            // Each travels on their saved type when the first trip allows it, else as an adult (the form
            // shows which); fulfilment checks the type again on the trip it serves.
            let ticketType = try rules.choice(for: passenger, in: db).preferred
            let traveller = SeatSale.Traveller(passenger, ticketType: ticketType, preference: .none)
            if try DocumentOwner.refusesName(
                passenger.name, type: passenger.certificateType.rawValue, number: passenger.certificateNumber,
                forAccount: userID, in: db)
            {
                throw WaitlistError.notOwnersName(passengerName: passenger.name)
            }
            // Other accounts' unpaid holds for the owner do not block the owner's waitlist: they give
            // way when it is served (`WaitlistFulfilment`); nor does the standing ticket a seat replaces.
            for choice in choices {
                let standing = try StandingUpgrade.tickets(replacedBy: choice.leg, for: traveller, userID: userID, in: db)
                if try TripClash.check(traveller, on: choice.leg, userID: userID, excluding: Set(standing.map(\.id)), in: db) == .clash
                    || hasWaitlistClash(for: traveller, leg: choice.leg, userID: userID, in: db)
                {
                    throw WaitlistError.overlappingTrip(passengerName: passenger.name)
                }
            }
            travellers.append(traveller)
        }
        // The prepayment is the dearest choice's fares; a cheaper one served gives the difference back.
        var prices: [Int] = []
        for choice in choices {
            let fares: [Int] = SeatSale(timetable: timetable, leg: choice.leg, seatClass: choice.seatClass).prices(of: travellers)
            if fares.reduce(0, +) > prices.reduce(0, +) { prices = fares }
        }
        let deadline = choices.map(\.deadline).max() ?? 0
        let waitlistID = try db.insert(
            """
            INSERT INTO waitlists (number, user_id, run_id, from_sequence, to_sequence, seat_class, departs_at, arrives_at, status,
                                   deadline, amount_fen, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            RETURNING id
            """,
            [
                try WaitlistNumber.next(in: db), userID, leg.runID, leg.originIndex,
                leg.destinationIndex, request.seatClass.rawValue, leg.departsAt,
                leg.arrivesAt, Waitlist.Status.awaitingPayment, deadline, prices.reduce(0, +), now,
            ])
        for (traveller, price) in zip(travellers, prices) {
            try db.run(
                """
                INSERT INTO waitlist_passengers (waitlist_id, passenger_id, passenger_name, certificate_type, certificate_number,
                                                 ticket_type, price_fen)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    waitlistID, traveller.passengerID, traveller.name,
                    traveller.certificateType.rawValue, traveller.certificateNumber,
                    traveller.ticketType.rawValue, price,
                ])
        }
        try WaitlistChoice.insert(choices, waitlistID: waitlistID, in: db)
        guard let waitlist = try Waitlist.find(id: waitlistID, in: db) else { throw WaitlistError.runNotFound }
        return waitlist
    }

    /// The trips of `request` as choices, the first one first, each with its deadline: the first as
    /// a waitlist of one trip is checked, the others each sold out, open and before their deadline,
    /// between the same two cities on the first's date or the two days after, at most
    /// `WaitlistChoice.limit` of them on at most `WaitlistChoice.dateLimit` dates.
    func checkedChoices(_ request: WaitlistRequest, now: Int, in db: Database) throws -> [(leg: RunLeg, seatClass: SeatClass, deadline: Int)] {
        let trips = request.trips
        guard trips.count <= WaitlistChoice.limit else { throw WaitlistError.tooManyChoices }
        guard Set(trips.map { TripKey(runID: $0.runID, seatClass: $0.seatClass) }).count == trips.count else { throw WaitlistError.choiceInvalid }
        let leg = try checkedLeg(trips[0], now: now, in: db)
        let deadlineOf = { (leg: RunLeg) in
            self.deadlines.available(departsAt: leg.departsAt, now: now).first(where: { $0.minutes == request.minutesBeforeDeparture })?.deadline
        }
        guard let deadline = deadlineOf(leg) else { throw WaitlistError.deadlineInvalid }
        guard try WaitlistJoining.freeSeats(on: leg, seatClass: request.seatClass, in: db) == 0 else { throw WaitlistError.notSoldOut }
        var others: [(leg: RunLeg, seatClass: SeatClass)] = []
        for trip in request.alternatives {
            do {
                others.append((try checkedLeg(trip, now: now, in: db), trip.seatClass))
            } catch WaitlistError.runNotFound {
                throw WaitlistError.choiceInvalid
            } catch let error as WaitlistError {
                guard let other = try RunLeg.find(runID: trip.runID, from: trip.fromCode, to: trip.toCode, timetable: timetable, in: db) else {
                    throw error
                }
                throw WaitlistError.alternativeUnavailable(train: other.train.number, date: other.travelDate.description)
            }
        }
        guard Set([leg.travelDate] + others.map(\.leg.travelDate)).count <= WaitlistChoice.dateLimit else { throw WaitlistError.tooManyDates }
        // The others go between the same two cities, on the trip's date or the two days after (as the form offers them).
        let cities = { (leg: RunLeg) in
            [leg.originIndex, leg.destinationIndex].map { self.timetable.station(leg.train.stops[$0].stationID)?.city ?? "" }
        }
        let lastDate = leg.travelDate.adding(days: WaitlistChoice.dateLimit - 1)
        for other in others {
            guard cities(other.leg) == cities(leg), other.leg.travelDate >= leg.travelDate, other.leg.travelDate <= lastDate else {
                throw WaitlistError.choiceInvalid
            }
        }
        var choices = [(leg: leg, seatClass: request.seatClass, deadline: deadline)]
        for other in others {
            guard let deadline = deadlineOf(other.leg), try WaitlistJoining.freeSeats(on: other.leg, seatClass: other.seatClass, in: db) == 0
            else { throw WaitlistError.alternativeUnavailable(train: other.leg.train.number, date: other.leg.travelDate.description) }
            choices.append((other.leg, other.seatClass, deadline))
        }
        return choices
    }

    /// A run and class, which a waitlist names once at most.
    private struct TripKey: Hashable {
        let runID: Int64
        let seatClass: SeatClass
    }

    /// The leg of `trip` if a waitlist may be joined for it (run running, not left, on sale, class sold).
    func checkedLeg(_ trip: WaitlistRequest.Trip, now: Int, in db: Database) throws -> RunLeg {
        let leg: RunLeg
        do {
            leg = try RunLeg.resolve(runID: trip.runID, from: trip.fromCode, to: trip.toCode, timetable: timetable, in: db)
        } catch is BookingError {
            throw WaitlistError.runNotFound
        }
        guard !leg.isCancelled else { throw WaitlistError.runCancelled }
        guard deadlines.available(departsAt: leg.departsAt, now: now).count > 0 else { throw WaitlistError.departed }
        guard presaleWindow.contains(leg.travelDate) else { throw WaitlistError.outsideWindow }
        guard leg.train.seatClasses.contains(trip.seatClass) else { throw WaitlistError.classNotSold }
        return leg
    }

    /// How many seats of `seatClass` are free for the whole leg, read from the database.
    static func freeSeats(on leg: RunLeg, seatClass: SeatClass, in db: Database) throws -> Int {
        let segment = try leg.segment
        return try CoachOccupancy.load(runID: leg.runID, seatClass: seatClass, locking: false, in: db)
            .reduce(0) { count, coach in count + coach.occupancy.filter(segment.isFree).count }
    }

    /// True when `traveller` is on another open waitlist (unpaid or waiting) with a choice overlapping
    /// `leg`; for the document's owner joining from their own account, only that account's waitlists
    /// count (another account's never blocks them; fulfilment checks tickets again when serving).
    private func hasWaitlistClash(for traveller: SeatSale.Traveller, leg: RunLeg, userID: Int64, in db: Database) throws -> Bool {
        let isOwner = try TripClash.isOwner(userID, type: traveller.certificateType, number: traveller.certificateNumber, in: db)
        return try db.queryOne(
            """
            SELECT w.id FROM waitlists w JOIN waitlist_passengers p ON p.waitlist_id = w.id JOIN waitlist_choices c ON c.waitlist_id = w.id
            WHERE p.certificate_type = ? AND p.certificate_number = ? AND w.status IN (?, ?)
            AND c.departs_at < ? AND c.arrives_at > ? AND (? = 0 OR w.user_id = ?) LIMIT 1
            """,
            [
                traveller.certificateType.rawValue, traveller.certificateNumber, Waitlist.Status.awaitingPayment, Waitlist.Status.waiting,
                leg.arrivesAt, leg.departsAt, isOwner ? 1 : 0, userID,
            ]) != nil
    }
}

/// Waitlist numbers: `W` and nine random digits, unique.
enum WaitlistNumber {
    static func next(in db: Database) throws -> String {
        while true {
            let number = "W" + (0..<9).map { _ in String(RandomNumber.uniform(10)) }.joined()
            if try db.queryOne("SELECT id FROM waitlists WHERE number = ?", [number]) == nil { return number }
        }
    }
}
