/// A same-train seat change (同车换座): when no seat of a class is free for a whole stretch, the
/// stretch in two or three legs on the same train, each passenger in a seat free for each leg and
/// moving at the stops between.
///
/// - Fewest legs first: each leg runs as far as seats for the whole party stay free from where it
///   starts (the furthest reach), which gives the fewest changes there are.
/// - Then the fewest seat moves: a passenger keeps the seat of the leg before where it is still free.
/// - A new seat is the one whose free span ends soonest after the leg (best fit, as `SeatAllocator`
///   does), so long free spans stay whole for others.
/// - Deterministic: the same occupancy always gives the same plan, so the plan the results and
///   book pages show is the one booked while no seat changes.
struct SeatChangePlan: Hashable, Sendable {
    /// One leg: the stops it runs between (indices on the train's route) and each passenger's seat.
    struct Leg: Hashable, Sendable {
        let originIndex: Int
        let destinationIndex: Int
        /// One seat per passenger, in the party's order.
        let seats: [Seat]
    }

    /// A seat: its coach and its index in the coach.
    struct Seat: Hashable, Sendable {
        let coach: Int
        let seatIndex: Int
    }

    /// Two or three legs, in order, each starting where the one before ends.
    let legs: [Leg]

    /// The most legs a plan has.
    static let maximumLegs = 3

    /// The memory the plan holds.
    var bytes: Int { legs.reduce(MemoryCost.of(legs)) { $0 + MemoryCost.of($1.seats) } }

    /// The stops where the party changes seats (indices on the route), in order.
    var changeIndices: [Int] { legs.dropFirst().map(\.originIndex) }

    /// How many times a passenger moves to another seat, all passengers together.
    var seatMoves: Int {
        zip(legs, legs.dropFirst()).reduce(0) { moves, pair in
            moves + zip(pair.0.seats, pair.1.seats).filter { $0 != $1 }.count
        }
    }

    /// The plan for `party` passengers from stop `origin` to stop `destination` over `coaches` (all
    /// of one class, in coach order), or nil when seats for the party are free for the whole stretch
    /// (no change needed) or cannot be found in at most `maximumLegs` legs.
    static func find(in coaches: [SeatAllocator.CoachSeats], from origin: Int, to destination: Int, party: Int) -> SeatChangePlan? {
        guard party > 0, origin >= 0, destination - origin >= 2, destination <= 64 else { return nil }
        var seats: [(seat: Seat, occupancy: UInt64)] = []
        for coach in coaches {
            for (index, occupancy) in coach.occupancy.enumerated() { seats.append((Seat(coach: coach.number, seatIndex: index), occupancy)) }
        }
        guard seats.count >= party else { return nil }
        var legs: [Leg] = [], position = origin
        var held: [Int] = [] // the index in `seats` of each passenger's seat on the leg before
        while position < destination {
            guard legs.count < maximumLegs else { return nil }
            let reaches = seats.map { reach(of: $0.occupancy, from: position, limit: destination) }
            // The furthest stop `party` seats are all free to from here.
            let end = reaches.filter { $0 > position }.sorted(by: >).dropFirst(party - 1).first ?? position
            guard end > position else { return nil }
            if legs.isEmpty, end == destination { return nil } // seats for the whole stretch: no change
            var taken = Set<Int>(), chosen: [Int] = []
            for passenger in 0..<party {
                if passenger < held.count, reaches[held[passenger]] >= end, !taken.contains(held[passenger]) {
                    chosen.append(held[passenger])
                } else {
                    chosen.append(-1)
                    continue
                }
                taken.insert(chosen[passenger])
            }
            // The others: the seats whose free span ends soonest at or after `end`, in seat order.
            let spare = seats.indices.filter { reaches[$0] >= end && !taken.contains($0) }
                .sorted { (reaches[$0], $0) < (reaches[$1], $1) }
            var next = spare.makeIterator()
            for passenger in chosen.indices where chosen[passenger] < 0 {
                guard let seat = next.next() else { return nil }
                chosen[passenger] = seat
            }
            legs.append(Leg(originIndex: position, destinationIndex: end, seats: chosen.map { seats[$0].seat }))
            held = chosen
            position = end
        }
        return SeatChangePlan(legs: legs)
    }

    /// The stop a seat with `occupancy` stays free to from stop `position` (its first sold segment
    /// from there, at most `limit`); `position` itself when its next segment is sold.
    static func reach(of occupancy: UInt64, from position: Int, limit: Int) -> Int {
        let ahead = occupancy >> UInt64(position)
        return ahead == 0 ? limit : min(limit, position + ahead.trailingZeroBitCount)
    }
}
