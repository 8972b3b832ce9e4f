extension SeatAllocator {
    /// The best single row (in one coach) with a seat for everyone.
    func bestRow(_ free: [Candidate], _ preferences: [Preference]) -> Outcome? {
        let rows = Dictionary(grouping: free) { "\($0.coachPosition)/\($0.row)" }
        var best: (cost: [Int], seats: [Candidate])?
        for seats in rows.values where seats.count >= preferences.count {
            let ordered = seats.sorted { $0.seatIndex < $1.seatIndex }
            for start in 0...(ordered.count - preferences.count) {
                let window = Array(ordered[start..<(start + preferences.count)])
                let gaps = window.last!.seatIndex - window.first!.seatIndex - (preferences.count - 1)
                let cost = [gaps, window.reduce(0) { $0 + $1.slack }, window[0].coachPosition, window[0].row, window[0].seatIndex]
                if best == nil || cost.lexicographicallyPrecedes(best!.cost) { best = (cost, window) }
            }
        }
        return best.map { outcome(assigning: $0.seats, to: preferences, together: true) }
    }

    /// The best coach with a seat for everyone, rows as close as possible.
    func bestCoach(_ free: [Candidate], _ preferences: [Preference]) -> Outcome? {
        let byCoach = Dictionary(grouping: free, by: \.coachPosition)
        var best: (cost: [Int], seats: [Candidate])?
        for (position, seats) in byCoach where seats.count >= preferences.count {
            let ordered = seats.sorted { ($0.row, $0.seatIndex) < ($1.row, $1.seatIndex) }
            for start in 0...(ordered.count - preferences.count) {
                let window = Array(ordered[start..<(start + preferences.count)])
                let cost = [window.last!.row - window.first!.row, window.reduce(0) { $0 + $1.slack }, position, window[0].seatIndex]
                if best == nil || cost.lexicographicallyPrecedes(best!.cost) { best = (cost, window) }
            }
        }
        return best.map { outcome(assigning: $0.seats, to: preferences, together: false) }
    }

    /// Seats anywhere: each passenger in turn gets the best-fitting seat, preferring their wish.
    func scattered(_ free: [Candidate], _ preferences: [Preference]) -> Outcome {
        var remaining = free.sorted { ($0.slack, $0.coachPosition, $0.seatIndex) < ($1.slack, $1.coachPosition, $1.seatIndex) }
        var chosen: [Candidate] = []
        var honoured = true
        for preference in preferences {
            let seatClass = coaches[remaining[0].coachPosition].seatClass
            let index = remaining.firstIndex { matches($0, preference, seatClass: seatClass) } ?? 0
            if !matches(remaining[index], preference, seatClass: seatClass) { honoured = false }
            chosen.append(remaining.remove(at: index))
        }
        let sameCoach = Set(chosen.map(\.coachPosition)).count == 1
        return Outcome(assignments: chosen.map { Assignment(coach: $0.coach, seatIndex: $0.seatIndex) },
                       isTogether: preferences.count == 1 || (sameCoach && chosen.map(\.row).max()! - chosen.map(\.row).min()! <= 1),
                       honouredPreferences: honoured)
    }

    /// Gives the group's seats to passengers so that as many preferences as possible are met.
    private func outcome(assigning seats: [Candidate], to preferences: [Preference], together: Bool) -> Outcome {
        var remaining = seats
        var assigned = [Candidate?](repeating: nil, count: preferences.count)
        var honoured = true
        for (index, preference) in preferences.enumerated() where preference != .none {
            let seatClass = coaches[remaining[0].coachPosition].seatClass
            if let match = remaining.firstIndex(where: { matches($0, preference, seatClass: seatClass) }) {
                assigned[index] = remaining.remove(at: match)
            } else {
                honoured = false
            }
        }
        for index in assigned.indices where assigned[index] == nil { assigned[index] = remaining.removeFirst() }
        return Outcome(assignments: assigned.map { Assignment(coach: $0!.coach, seatIndex: $0!.seatIndex) },
                       isTogether: together || seats.count == 1, honouredPreferences: honoured)
    }
}
