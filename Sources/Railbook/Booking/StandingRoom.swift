import Storage

/// The standing places of a run (无座): as many as the train's quota, sold once no seated class has
/// a seat left for the stretch. Each standing ticket holds one place for its stretch (its
/// `seat_index`; coach 0), so a place is sold A→B and again B→C like a seat, and a refund or expiry
/// frees it with the ticket's status. The places live in the tickets, not in `run_coaches`.
enum StandingRoom {
    /// True when no seated class of the leg's train has a seat free for the whole stretch.
    static func seatsAreGone(on leg: RunLeg, in db: Database) throws -> Bool {
        let segment = try leg.segment
        for seatClass in leg.train.seatClasses where seatClass.isSeated {
            let coaches = try CoachOccupancy.load(runID: leg.runID, seatClass: seatClass, locking: false, in: db)
            if coaches.contains(where: { $0.occupancy.contains(where: segment.isFree) }) { return false }
        }
        return true
    }

    /// The run's standing places as one coach for the seat allocator: a place per unit of the quota,
    /// each with the segments its held or issued standing tickets occupy.
    /// Locks the run's standing places until the transaction ends, so that two servers never sell
    /// one place twice (standing tickets have no coach row to lock); on SQLite a no-op.
    static func places(of leg: RunLeg, in db: Database) throws -> SeatAllocator.CoachSeats {
        try db.lockUntilCommit(LockKey("standing-places", String(leg.runID)))
        return try places(runID: leg.runID, quota: leg.train.standingQuota, in: db)
    }

    static func places(runID: Int64, quota: Int, in db: Database) throws -> SeatAllocator.CoachSeats {
        var occupancy = [UInt64](repeating: 0, count: max(0, quota))
        for row in try db.query("""
            SELECT seat_index, from_sequence, to_sequence FROM tickets
            WHERE run_id = ? AND seat_class = ? AND status IN ('held', 'issued')
            """, [runID, SeatClass.standing]) {
            let place = try row.int("seat_index")
            guard occupancy.indices.contains(place) else { continue } // beyond a quota lowered since: not counted against it
            occupancy[place] |= try SegmentMask(from: try row.int("from_sequence"), to: try row.int("to_sequence")).bits
        }
        return SeatAllocator.CoachSeats(number: 0, seatClass: .standing, occupancy: occupancy)
    }

    /// How many standing places of run `runID` are free for the whole of `segment`.
    static func freePlaces(runID: Int64, quota: Int, segment: SegmentMask, in db: Database) throws -> Int {
        try places(runID: runID, quota: quota, in: db).occupancy.filter(segment.isFree).count
    }
}
