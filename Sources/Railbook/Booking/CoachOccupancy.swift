import SQLite

/// Reads and writes the seat occupancy of a run's coaches inside a write transaction.
enum CoachOccupancy {
    /// The coaches of `seatClass` on run `runID`, in coach order.
    static func load(runID: Int64, seatClass: SeatClass, in db: Database) throws -> [SeatAllocator.CoachSeats] {
        try db.query("""
            SELECT coach_number, seat_count, occupancy FROM run_coaches WHERE run_id = ? AND seat_class = ? ORDER BY coach_number
            """, [runID, seatClass.rawValue]).map { row in
            SeatAllocator.CoachSeats(number: try row.int("coach_number"), seatClass: seatClass,
                                     occupancy: try OccupancyBlob.decode(try row.blob("occupancy"), seatCount: try row.int("seat_count")))
        }
    }

    /// Writes back one coach's occupancy.
    static func save(_ coach: SeatAllocator.CoachSeats, runID: Int64, in db: Database) throws {
        try db.run("UPDATE run_coaches SET occupancy = ? WHERE run_id = ? AND coach_number = ?",
                   [OccupancyBlob.encode(coach.occupancy), runID, coach.number])
    }

    /// Marks seats as sold for `segment`, or (with `isSold` false) frees them, reading and saving
    /// only the coaches touched (seats outside `seatClass` or the coach are left alone).
    static func update(_ seats: [(coach: Int, seatIndex: Int)], runID: Int64, seatClass: SeatClass, segment: SegmentMask,
                       isSold: Bool, in db: Database) throws {
        for number in Set(seats.map(\.coach)).sorted() {
            guard let row = try db.queryOne("""
                SELECT seat_count, occupancy FROM run_coaches WHERE run_id = ? AND seat_class = ? AND coach_number = ?
                """, [runID, seatClass.rawValue, number]) else { continue }
            var coach = SeatAllocator.CoachSeats(number: number, seatClass: seatClass,
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

    /// Frees the seats of `tickets` (each on its own run, class and stretch).
    static func release(_ tickets: [Ticket], in db: Database) throws {
        for ticket in tickets {
            try update([(ticket.coachNumber, ticket.seatIndex)], runID: ticket.runID, seatClass: ticket.seatClass,
                       segment: ticket.segment, isSold: false, in: db)
        }
    }
}
