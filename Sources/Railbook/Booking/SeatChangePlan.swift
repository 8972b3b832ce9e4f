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

    /// Hashes where each leg starts and its first seat only (a results row's key holds plans; equal
    /// plans still compare whole).
    func hash(into hasher: inout Hasher) {
        for leg in legs {
            hasher.combine(leg.originIndex)
            hasher.combine(leg.seats.first?.coach)
            hasher.combine(leg.seats.first?.seatIndex)
        }
    }

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
    /// (no change needed) or cannot be found in at most `maximumLegs` legs. Each leg is one pass over
    /// the seats (a results page asks for many trains at once).
    static func find(in coaches: [SeatAllocator.CoachSeats], from origin: Int, to destination: Int, party: Int) -> SeatChangePlan? {
        guard party > 0, origin >= 0, destination - origin >= 2, destination <= 64 else { return nil }
        let count = coaches.reduce(0) { $0 + $1.occupancy.count }
        guard count >= party else { return nil }
        var occupancy: [UInt64] = []
        occupancy.reserveCapacity(count)
        for coach in coaches { occupancy += coach.occupancy }
        var legs: [Leg] = [], position = origin
        var held: [Int] = [] // the index in `occupancy` of each passenger's seat on the leg before
        var reaches = [Int](repeating: 0, count: count)
        while position < destination {
            guard legs.count < maximumLegs else { return nil }
            // How many seats stay free to each stop from here.
            var atLeast = [Int](repeating: 0, count: destination + 1)
            for index in 0..<count {
                let reach = reach(of: occupancy[index], from: position, limit: destination)
                reaches[index] = reach
                atLeast[reach] += 1
            }
            // The furthest stop `party` seats are all free to from here.
            var end = position, free = 0
            for stop in stride(from: destination, to: position, by: -1) {
                free += atLeast[stop]
                if free >= party {
                    end = stop
                    break
                }
            }
            guard end > position else { return nil }
            if legs.isEmpty, end == destination { return nil } // seats for the whole stretch: no change
            var chosen = [Int](repeating: -1, count: party), taken = Set<Int>()
            for passenger in held.indices where reaches[held[passenger]] >= end && taken.insert(held[passenger]).inserted {
                chosen[passenger] = held[passenger]
            }
            // The others: the seats whose free span ends soonest at or after `end`, in seat order.
            let missing = chosen.filter { $0 < 0 }.count
            var best: [(reach: Int, index: Int)] = []
            for index in 0..<count where reaches[index] >= end && !taken.contains(index) {
                let candidate = (reaches[index], index)
                guard best.count < missing || candidate < best[best.count - 1] else { continue }
                let at = best.firstIndex { candidate < $0 } ?? best.count
                best.insert(candidate, at: at)
                if best.count > missing { best.removeLast() }
            }
            guard best.count == missing else { return nil }
            var next = best.makeIterator()
            for passenger in chosen.indices where chosen[passenger] < 0 { chosen[passenger] = next.next()?.index ?? -1 }
            legs.append(Leg(originIndex: position, destinationIndex: end, seats: chosen.map { seat(at: $0, in: coaches) }))
            held = chosen
            position = end
        }
        return SeatChangePlan(legs: legs)
    }

    /// The seat at `index` of all the coaches' seats in order.
    private static func seat(at index: Int, in coaches: [SeatAllocator.CoachSeats]) -> Seat {
        var start = 0
        for coach in coaches {
            if index < start + coach.occupancy.count { return Seat(coach: coach.number, seatIndex: index - start) }
            start += coach.occupancy.count
        }
        return Seat(coach: 0, seatIndex: index)
    }

    /// The stop a seat with `occupancy` stays free to from stop `position` (its first sold segment
    /// from there, at most `limit`); `position` itself when its next segment is sold.
    static func reach(of occupancy: UInt64, from position: Int, limit: Int) -> Int {
        let ahead = occupancy >> UInt64(position)
        return ahead == 0 ? limit : min(limit, position + ahead.trailingZeroBitCount)
    }
}
