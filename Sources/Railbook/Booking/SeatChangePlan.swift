/// A same-train seat change (同车换座): when no seat of a class is free for a whole stretch, the
/// stretch in two or three legs on the same train, each passenger in a seat free for each leg and
/// moving at the stops between.
///
/// - Fewest legs first: each leg runs as far as seats for the whole party stay free from where it
///   starts (the furthest reach), which gives the fewest changes there are.
/// - Then few seat moves: a passenger keeps the seat of the leg before where it is still free, and a
///   new seat is first one that stays free for the next leg too (greedy, leg by leg: not proven the
///   fewest moves for a party over three legs).
/// - Among those, the seat whose free span ends soonest after the leg (best fit, as `SeatAllocator`
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
    /// (no change needed) or cannot be found in at most `maximumLegs` legs. Where the legs end does
    /// not depend on which seats are taken, so the ends come first, then the seats leg by leg; each
    /// step is one pass over the seats (a results page asks for many trains at once).
    static func find(in coaches: [SeatAllocator.CoachSeats], from origin: Int, to destination: Int, party: Int) -> SeatChangePlan? {
        guard party > 0, origin >= 0, destination - origin >= 2, destination <= 64 else { return nil }
        let count = coaches.reduce(0) { $0 + $1.occupancy.count }
        guard count >= party else { return nil }
        var occupancy: [UInt64] = []
        occupancy.reserveCapacity(count)
        for coach in coaches { occupancy += coach.occupancy }
        // The ends: from each start, the furthest stop `party` seats are all free to.
        var stops = [origin]
        while let start = stops.last, start < destination {
            guard stops.count <= maximumLegs else { return nil }
            var atLeast = [Int](repeating: 0, count: destination + 1)
            for mask in occupancy { atLeast[reach(of: mask, from: start, limit: destination)] += 1 }
            var end = start, free = 0
            for stop in stride(from: destination, to: start, by: -1) {
                free += atLeast[stop]
                if free >= party {
                    end = stop
                    break
                }
            }
            guard end > start else { return nil }
            if start == origin, end == destination { return nil } // seats for the whole stretch: no change
            stops.append(end)
        }
        // The seats: a passenger keeps the seat of the leg before where it is still free; the others
        // take first the seats that stay free for the next leg too (a move saved there), then the
        // one whose free span ends soonest (best fit), then in seat order.
        var legs: [Leg] = [], held: [Int] = []
        for leg in 0..<stops.count - 1 {
            let start = stops[leg], end = stops[leg + 1], next = leg + 2 < stops.count ? stops[leg + 2] : nil
            var chosen = [Int](repeating: -1, count: party), taken = Set<Int>()
            for passenger in held.indices
            where reach(of: occupancy[held[passenger]], from: start, limit: 64) >= end && taken.insert(held[passenger]).inserted {
                chosen[passenger] = held[passenger]
            }
            let missing = chosen.filter { $0 < 0 }.count
            var best: [(rank: Int, reach: Int, index: Int)] = []
            for index in 0..<count where !taken.contains(index) {
                let span = reach(of: occupancy[index], from: start, limit: 64)
                guard span >= end else { continue }
                let keeps = next.map { reach(of: occupancy[index], from: end, limit: 64) >= $0 } ?? false
                let candidate = (keeps ? 0 : 1, span, index)
                guard best.count < missing || candidate < best[best.count - 1] else { continue }
                best.insert(candidate, at: best.firstIndex { candidate < $0 } ?? best.count)
                if best.count > missing { best.removeLast() }
            }
            guard best.count == missing else { return nil }
            var spare = best.makeIterator()
            for passenger in chosen.indices where chosen[passenger] < 0 { chosen[passenger] = spare.next()?.index ?? -1 }
            legs.append(Leg(originIndex: start, destinationIndex: end, seats: chosen.map { seat(at: $0, in: coaches) }))
            held = chosen
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
