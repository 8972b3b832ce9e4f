extension SeatAllocator {
    /// The best single row (in one coach) with a seat for everyone: most wishes met, then fewest
    /// seats between them, tightest fit, front of the train. `free` lists seats coach by coach and
    /// row by row, so a row is a run of neighbours; a choice in it is a bit set over that run.
    func bestRow(_ free: [Candidate], _ preferences: [Preference]) -> Outcome? {
        let size = preferences.count, hasWishes = preferences.contains { $0 != .none }
        var best: (cost: (Int, Int, Int, Int, Int), start: Int, choice: UInt64)?
        var start = 0
        while start < free.count {
            var end = start + 1
            while end < free.count, free[end].coachPosition == free[start].coachPosition, free[end].row == free[start].row { end += 1 }
            defer { start = end }
            guard end - start >= size, end - start < 64 else { continue }
            var choice: UInt64 = (1 << UInt64(size)) - 1
            while choice < 1 << UInt64(end - start) {
                defer { choice = nextChoice(after: choice) }
                let first = choice.trailingZeroBitCount, last = 63 - choice.leadingZeroBitCount
                let isRun = last - first + 1 == size
                guard hasWishes || isRun else { continue }
                let seats = hasWishes ? picked(choice, from: free, at: start) : []
                var slack = 0
                for bit in first...last where choice & (1 << UInt64(bit)) != 0 { slack += free[start + bit].slack }
                let cost = (
                    hasWishes ? assign(seats, to: preferences).unmet : 0,
                    free[start + last].seatIndex - free[start + first].seatIndex - (size - 1), slack,
                    free[start].coachPosition, free[start + first].seatIndex
                )
                if best == nil || cost < best!.cost { best = (cost, start, choice) }
            }
        }
        return best.map { outcome(assign(picked($0.choice, from: free, at: $0.start), to: preferences)) }
    }

    /// The best coach with a seat for everyone: `size` neighbours in `free`, together (`isTogether`)
    /// where possible, else in rows as close as possible.
    func bestCoach(_ free: [Candidate], _ preferences: [Preference]) -> Outcome? {
        let size = preferences.count, hasWishes = preferences.contains { $0 != .none }
        var best: (cost: (Int, Int, Int, Int, Int, Int), start: Int)?
        for start in 0...(free.count - size) where free[start + size - 1].coachPosition == free[start].coachPosition {
            let window = start..<(start + size)
            let apart = isTogether(free[window]) ? 0 : 1
            let cost = (
                apart, free[start + size - 1].row - free[start].row, hasWishes ? assign(Array(free[window]), to: preferences).unmet : 0,
                free[window].reduce(0) { $0 + $1.slack }, free[start].coachPosition, free[start].seatIndex
            )
            if best == nil || cost < best!.cost { best = (cost, start) }
        }
        return best.map { outcome(assign(Array(free[$0.start..<($0.start + size)]), to: preferences)) }
    }

    /// Seats anywhere: each passenger in turn (the most specific wish first) gets the tightest-fitting
    /// free seat meeting their wish, the front of the train first among equals.
    func scattered(_ free: [Candidate], _ preferences: [Preference]) -> Outcome {
        var taken = [Bool](repeating: false, count: free.count)
        var chosen = [Int?](repeating: nil, count: preferences.count)
        var unmet = 0
        for index in mostSpecificFirst(preferences) {
            if let seat = tightest(free, taken, matching: preferences[index]) {
                chosen[index] = seat
                taken[seat] = true
            } else {
                unmet += 1
            }
        }
        for index in chosen.indices where chosen[index] == nil {
            let seat = tightest(free, taken, matching: .none)!
            chosen[index] = seat
            taken[seat] = true
        }
        return outcome((chosen.map { free[$0!] }, unmet))
    }

    /// Gives seats (best first) to passengers so that as many wishes as possible are met: letters first, then
    /// window or aisle, then the rest; wishes no seat meets take the best seats left. Returns one seat per
    /// preference, in their order, and how many wishes went unmet.
    func assign(_ seats: [Candidate], to preferences: [Preference]) -> (seats: [Candidate], unmet: Int) {
        var remaining = seats
        var assigned = [Candidate?](repeating: nil, count: preferences.count)
        var unmet = 0
        for index in mostSpecificFirst(preferences) {
            if let match = remaining.firstIndex(where: { matches($0, preferences[index], seatClass: coaches[$0.coachPosition].seatClass) }) {
                assigned[index] = remaining.remove(at: match)
            } else {
                unmet += 1
            }
        }
        for index in assigned.indices where assigned[index] == nil { assigned[index] = remaining.removeFirst() }
        return (assigned.map { $0! }, unmet)
    }

    /// The indexes of the preferences that are wishes: letters, then window or aisle.
    private func mostSpecificFirst(_ preferences: [Preference]) -> [Int] {
        let letters = preferences.indices.filter { if case .letter = preferences[$0] { true } else { false } }
        return letters + preferences.indices.filter { preferences[$0] == .window || preferences[$0] == .aisle }
    }

    /// The free seat not yet taken that fits tightest and meets `preference`, the first among equals.
    private func tightest(_ free: [Candidate], _ taken: [Bool], matching preference: Preference) -> Int? {
        var best: Int?
        for index in free.indices where !taken[index] && (best == nil || free[index].slack < free[best!].slack) {
            guard matches(free[index], preference, seatClass: coaches[free[index].coachPosition].seatClass) else { continue }
            best = index
            if free[index].slack == 0 { break }
        }
        return best
    }

    /// The outcome of seating the passengers in `assignment.seats`, together or not as `isTogether(_:in:)` says.
    private func outcome(_ assignment: (seats: [Candidate], unmet: Int)) -> Outcome {
        Outcome(
            assignments: assignment.seats.map { Assignment(coach: $0.coach, seatIndex: $0.seatIndex) },
            isTogether: isTogether(assignment.seats), honouredPreferences: assignment.unmet == 0)
    }

    /// Whether passengers on `seats` sit together (in the class of their first seat's coach).
    private func isTogether(_ seats: some Collection<Candidate>) -> Bool {
        guard let first = seats.first else { return true }
        return Self.isTogether(
            seats.map { Assignment(coach: $0.coach, seatIndex: $0.seatIndex) },
            in: coaches[first.coachPosition].seatClass)
    }

    /// The seats of `choice` (a bit per seat of the run starting at `start`), in seat order.
    private func picked(_ choice: UInt64, from free: [Candidate], at start: Int) -> [Candidate] {
        (0..<64).filter { choice & (1 << UInt64($0)) != 0 }.map { free[start + $0] }
    }

    /// The next larger number with as many bits set (Gosper's hack): the next choice of as many seats.
    private func nextChoice(after choice: UInt64) -> UInt64 {
        let lowest = choice & (0 &- choice), ripple = choice &+ lowest
        return (((ripple ^ choice) >> 2) / lowest) | ripple
    }
}
