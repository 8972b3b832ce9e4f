import Storage

/// Reads and writes the seat occupancy of a run's coaches inside a write transaction.
///
/// Every read here locks the coach rows it reads until the transaction ends (`FOR UPDATE` on
/// PostgreSQL, in coach order; SQLite serialises writers anyway), so two servers selling seats of
/// one run and class take turns: each sees the other's sale before it allocates. A transaction
/// touching several runs or classes locks them first with `lock(_:in:)`, in one fixed order.
enum CoachOccupancy {
    /// The coaches of `seatClass` on run `runID`, in coach order, locked unless `locking` is false
    /// (to count free seats in a read, where nothing is sold on what was read).
    static func load(runID: Int64, seatClass: SeatClass, locking: Bool = true, in db: Database) throws -> [SeatAllocator.CoachSeats] {
        let sql = "SELECT coach_number, seat_count, occupancy FROM run_coaches WHERE run_id = ? AND seat_class = ? ORDER BY coach_number"
        let values: [any SQLBindable] = [runID, seatClass.rawValue]
        return try (locking ? db.queryLocking(sql, values) : db.query(sql, values)).map { row in
            SeatAllocator.CoachSeats(
                number: try row.int("coach_number"), seatClass: seatClass,
                occupancy: try OccupancyBlob.decode(try row.blob("occupancy"), seatCount: try row.int("seat_count")))
        }
    }

    /// Writes back one coach's occupancy.
    static func save(_ coach: SeatAllocator.CoachSeats, runID: Int64, in db: Database) throws {
        try db.run(
            "UPDATE run_coaches SET occupancy = ? WHERE run_id = ? AND coach_number = ?",
            [OccupancyBlob.encode(coach.occupancy), runID, coach.number])
    }

    /// Marks seats as sold for `segment`, or (with `isSold` false) frees them, reading and saving
    /// only the coaches touched (seats outside `seatClass` or the coach are left alone).
    static func update(
        _ seats: [(coach: Int, seatIndex: Int)], runID: Int64, seatClass: SeatClass, segment: SegmentMask,
        isSold: Bool, in db: Database
    ) throws {
        try CacheChange.announce(.seats(runID: runID), in: db)
        for number in Set(seats.map(\.coach)).sorted() {
            guard
                let row = try db.queryLocking(
                    """
                    SELECT seat_count, occupancy FROM run_coaches WHERE run_id = ? AND seat_class = ? AND coach_number = ?
                    """, [runID, seatClass.rawValue, number]
                ).first
            else { continue }
            var coach = SeatAllocator.CoachSeats(
                number: number, seatClass: seatClass,
                occupancy: try OccupancyBlob.decode(try row.blob("occupancy"), seatCount: try row.int("seat_count")))
            for seat in seats where seat.coach == number && coach.occupancy.indices.contains(seat.seatIndex) {
                if isSold {
                    coach.occupancy[seat.seatIndex] |= segment.bits
                } else {
                    coach.occupancy[seat.seatIndex] &= ~segment.bits
                }
            }
            try save(coach, runID: runID, in: db)
        }
    }

    /// Locks the coaches of several runs and classes at once, ordered by run, class and coach, so
    /// that transactions touching more than one (a change, a run cancellation) never wait for each
    /// other in a circle.
    static func lock(_ stretches: [(runID: Int64, seatClass: SeatClass)], in db: Database) throws {
        struct Key: Hashable {
            let runID: Int64
            let seatClass: String
        }
        let ordered = Set(stretches.map { Key(runID: $0.runID, seatClass: $0.seatClass.rawValue) })
            .sorted { ($0.runID, $0.seatClass) < ($1.runID, $1.seatClass) }
        guard !ordered.isEmpty else { return }
        let condition = Array(repeating: "(run_id = ? AND seat_class = ?)", count: ordered.count).joined(separator: " OR ")
        _ = try db.queryLocking(
            "SELECT coach_number FROM run_coaches WHERE \(condition) ORDER BY run_id, seat_class, coach_number",
            ordered.flatMap { [$0.runID, $0.seatClass] as [any SQLBindable] })
    }

    /// Frees the seats of `tickets` (each on its own run, class and stretch).
    static func release(_ tickets: [Ticket], in db: Database) throws {
        try lock(tickets.map { ($0.runID, $0.seatClass) }, in: db)
        for ticket in tickets {
            try update(
                [(ticket.coachNumber, ticket.seatIndex)], runID: ticket.runID, seatClass: ticket.seatClass,
                segment: ticket.segment, isSold: false, in: db)
        }
    }
}
