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

    /// A ticket holding a place beyond a quota lowered since still counts against it: it takes a
    /// place of the quota free for its stretch, or, when none is, fills every place on its stretch,
    /// so the run sells no more standing there until refunds bring it under the quota.
    static func places(runID: Int64, quota: Int, in db: Database) throws -> SeatAllocator.CoachSeats {
        var occupancy = [UInt64](repeating: 0, count: max(0, quota))
        var beyondQuota: [UInt64] = []
        for row in try db.query(
            """
            SELECT seat_index, from_sequence, to_sequence FROM tickets
            WHERE run_id = ? AND seat_class = ? AND status IN (?, ?) ORDER BY seat_index
            """, [runID, SeatClass.standing, Ticket.Status.held, Ticket.Status.issued])
        {
            let place = try row.int("seat_index")
            let stretch = try SegmentMask(from: try row.int("from_sequence"), to: try row.int("to_sequence")).bits
            if occupancy.indices.contains(place) { occupancy[place] |= stretch } else { beyondQuota.append(stretch) }
        }
        for stretch in beyondQuota {
            if let free = occupancy.firstIndex(where: { $0 & stretch == 0 }) {
                occupancy[free] |= stretch
            } else {
                for place in occupancy.indices { occupancy[place] |= stretch }
            }
        }
        return SeatAllocator.CoachSeats(number: 0, seatClass: .standing, occupancy: occupancy)
    }

    /// The most standing tickets held or issued at once, on any stretch, on one run of train
    /// `trainID` not yet departed: what an administrator lowering the quota is told is sold.
    static func mostSold(trainID: Int64, now: Int, in db: Database) throws -> Int {
        var stretchesByRun: [Int64: [(Int, Int)]] = [:]
        for row in try db.query(
            """
            SELECT tickets.run_id, tickets.from_sequence, tickets.to_sequence FROM tickets
            JOIN runs ON runs.id = tickets.run_id
            WHERE runs.train_id = ? AND tickets.seat_class = ? AND tickets.status IN (?, ?) AND tickets.departs_at > ?
            """, [trainID, SeatClass.standing, Ticket.Status.held, Ticket.Status.issued, now])
        {
            stretchesByRun[try row.int64("run_id"), default: []].append((try row.int("from_sequence"), try row.int("to_sequence")))
        }
        return stretchesByRun.values.map { stretches in
            let last = stretches.map(\.1).max() ?? 0
            return (0..<last).map { segment in stretches.filter { $0.0 <= segment && segment < $0.1 }.count }.max() ?? 0
        }.max() ?? 0
    }

    /// How many standing places of run `runID` are free for the whole of `segment`.
    static func freePlaces(runID: Int64, quota: Int, segment: SegmentMask, in db: Database) throws -> Int {
        try places(runID: runID, quota: quota, in: db).occupancy.filter(segment.isFree).count
    }
}
