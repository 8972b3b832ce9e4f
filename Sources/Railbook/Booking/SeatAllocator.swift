/// Chooses seats for a group on one run, class and stretch, from each seat's occupancy bitmask.
///
/// - A seat is free when none of the stretch's segment bits is set.
/// - Best fit: among fitting seats, the one whose free span around the stretch is tightest wins,
///   so long empty spans stay whole for longer trips and more tickets can be sold later.
/// - A group sits side by side in one row of one coach when possible, else in a block over rows
///   next to each other in one coach, else in the row with the fewest seats between them, else in
///   one coach as close together as possible, else wherever seats are left. What counts as
///   together is `isTogether(_:in:)`; a group that is not is told so on its order page.
/// - Seat preferences (window, aisle, a letter, a berth level) are honoured where a fitting seat exists;
///   a group with wishes gets the row that meets the most of them first (wishes come before
///   closeness). Aisle seats are C and D, next to the gangway.
/// - Deterministic: the same inventory and request always give the same seats.
struct SeatAllocator {
    /// What a passenger would like.
    enum Preference: Equatable, Sendable {
        case none, window, aisle
        /// A seat letter (A B C D F) or berth level (lower, middle, upper).
        case letter(String)
    }

    /// One coach's seats: their occupancy bitmasks, indexed by seat.
    struct CoachSeats {
        let number: Int
        let seatClass: SeatClass
        var occupancy: [UInt64]
    }

    /// A chosen seat.
    struct Assignment: Equatable {
        let coach: Int
        let seatIndex: Int
    }

    struct Outcome {
        /// One seat per passenger, in the order of the preferences given.
        let assignments: [Assignment]
        let isTogether: Bool
        let honouredPreferences: Bool
    }

    let coaches: [CoachSeats]
    let segment: SegmentMask
    /// The number of stops on the route (so free spans stop at the ends).
    let stopCount: Int

    /// Seats for one passenger per preference, or nil when fewer seats are free than passengers.
    func allocate(_ preferences: [Preference], keepTogether: Bool = true) -> Outcome? {
        let free = freeSeats()
        guard free.count >= preferences.count, !preferences.isEmpty else { return nil }
        if preferences.count > 1, keepTogether {
            let row = bestRow(free, preferences)
            if let row, row.isTogether || preferences.contains(where: { $0 != .none }) { return row }
            let coach = bestCoach(free, preferences)
            if let coach, coach.isTogether { return coach }
            if let closest = row ?? coach { return closest }
        }
        return scattered(free, preferences)
    }

    // MARK: - Candidates

    struct Candidate {
        let coachPosition: Int
        let coach: Int
        let seatIndex: Int
        let row: Int
        let letter: String
        /// Unused segments in the seat's free span around the stretch: lower is a tighter fit.
        let slack: Int
    }

    /// The seats free for the stretch, coach by coach in seat order.
    func freeSeats() -> [Candidate] {
        var result: [Candidate] = []
        result.reserveCapacity(coaches.reduce(0) { $0 + $1.occupancy.count })
        for (position, coach) in coaches.enumerated() {
            let letters = coach.seatClass.rowLetters
            for (index, occupancy) in coach.occupancy.enumerated() where segment.isFree(occupancy) {
                result.append(
                    Candidate(
                        coachPosition: position, coach: coach.number, seatIndex: index, row: index / letters.count + 1,
                        letter: letters[index % letters.count], slack: slack(occupancy)))
            }
        }
        return result
    }

    /// Free segments before and after the stretch until the next sold segment or the end of the route.
    func slack(_ occupancy: UInt64) -> Int {
        let first = segment.bits.trailingZeroBitCount, end = 64 - segment.bits.leadingZeroBitCount
        let below = occupancy & ((1 << UInt64(first)) - 1)
        let before = below == 0 ? first : first - (64 - below.leadingZeroBitCount)
        let segmentsAfter = max(0, stopCount - 1 - end)
        let above = end >= 64 ? 0 : (occupancy >> UInt64(end)) & ((1 << UInt64(segmentsAfter)) - 1)
        let after = above == 0 ? segmentsAfter : above.trailingZeroBitCount
        return before + after
    }

    func matches(_ candidate: Candidate, _ preference: Preference, seatClass: SeatClass) -> Bool {
        preference.isMet(byLetter: candidate.letter, in: seatClass)
    }
}
