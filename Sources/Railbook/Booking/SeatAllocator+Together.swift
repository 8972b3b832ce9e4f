extension SeatAllocator {
    /// Whether a party given `seats` of `seatClass` sits together: in one coach, and
    /// - on seats: in each row it uses, side by side — no seat between its seats, the aisle not
    ///   counting as one (second class 01C and 01D are side by side, 01B and 01D are not: 01C is
    ///   between them) — in one row, or over rows next to each other, each holding at least two of
    ///   the party and partly behind the row before (their letters overlap), so nobody sits apart:
    ///   01C 01D 02C 02D is a block of four, 01D 01F 02A 02B two pairs on either side of the aisle;
    /// - on berths: in one compartment (whatever the levels), or for a party bigger than a
    ///   compartment in as few compartments next to each other as it needs.
    /// One passenger, and standing (no seats to share), are always together.
    static func isTogether(_ seats: [Assignment], in seatClass: SeatClass) -> Bool {
        guard seats.count > 1, seatClass != .standing else { return true }
        guard let coach = seats.first?.coach, seats.allSatisfy({ $0.coach == coach }) else { return false }
        let width = seatClass.rowLetters.count
        let byRow = Dictionary(grouping: seats.map(\.seatIndex)) { $0 / width }
        let rows = byRow.keys.sorted()
        guard let first = rows.first, let last = rows.last, last - first == rows.count - 1 else { return false }
        if seatClass.isSleeper { return rows.count == (seats.count + width - 1) / width }
        var previous: ClosedRange<Int>?
        for row in rows {
            // The places across the row (A B C D F → 0…4) the party holds, which must be side by side.
            let places = (byRow[row] ?? []).map { $0 % width }.sorted()
            guard let left = places.first, let right = places.last, right - left == places.count - 1,
                rows.count == 1 || places.count >= 2
            else { return false }
            if let previous, !previous.overlaps(left...right) { return false }
            previous = left...right
        }
        return true
    }
}
