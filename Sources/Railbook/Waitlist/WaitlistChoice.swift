import Storage

/// One train, date and class a waitlist covers (`waitlist_choices`): a run, a stretch and a class,
/// ranked by the traveller (1 first), with its own deadline (the waitlist's choice of minutes
/// before its departure). A waitlist is served by the first of its choices that frees up; when seats
/// free up on several at once, the best ranked is tried first.
struct WaitlistChoice: RowDecodable, Sendable, Equatable {
    let waitlistID: Int64
    let rank: Int
    let runID: Int64
    let fromSequence: Int
    let toSequence: Int
    let seatClass: SeatClass
    let departsAt: Int
    let arrivesAt: Int
    /// After this moment (Unix seconds) the choice is no longer served.
    let deadline: Int

    /// At most this many train-date-class combinations per waitlist.
    static let limit = 60
    /// At most this many travel dates per waitlist.
    static let dateLimit = 3

    static let columns = """
        waitlist_id, choice_rank, run_id, from_sequence, to_sequence, seat_class, departs_at, arrives_at, deadline
        """

    init(row: Row) throws {
        waitlistID = try row.int64("waitlist_id")
        rank = try row.int("choice_rank")
        runID = try row.int64("run_id")
        fromSequence = try row.int("from_sequence")
        toSequence = try row.int("to_sequence")
        seatClass = try row.decode(SeatClass.self, "seat_class")
        departsAt = try row.int("departs_at")
        arrivesAt = try row.int("arrives_at")
        deadline = try row.int("deadline")
    }

    /// The choices of waitlist `waitlistID`, best ranked first.
    static func all(waitlistID: Int64, in db: Database) throws -> [WaitlistChoice] {
        try db.query(
            WaitlistChoice.self, "SELECT \(columns) FROM waitlist_choices WHERE waitlist_id = ? ORDER BY choice_rank", [waitlistID])
    }

    /// Writes the choices of a new waitlist, ranked in the order of `legs`, each with its deadline.
    static func insert(_ legs: [(leg: RunLeg, seatClass: SeatClass, deadline: Int)], waitlistID: Int64, in db: Database) throws {
        for (index, choice) in legs.enumerated() {
            try db.run(
                """
                INSERT INTO waitlist_choices (waitlist_id, choice_rank, run_id, from_sequence, to_sequence, seat_class, departs_at,
                                              arrives_at, deadline)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    waitlistID, index + 1, choice.leg.runID, choice.leg.originIndex, choice.leg.destinationIndex,
                    choice.seatClass.rawValue, choice.leg.departsAt, choice.leg.arrivesAt, choice.deadline,
                ])
        }
    }

    /// True when `choice`'s waitlist has another choice still open at `now`: its deadline ahead and
    /// its run not cancelled.
    static func othersOpen(than choice: WaitlistChoice, now: Int, in db: Database) throws -> Bool {
        try db.queryOne(
            """
            SELECT 1 AS one FROM waitlist_choices c JOIN runs r ON r.id = c.run_id
            WHERE c.waitlist_id = ? AND c.choice_rank <> ? AND c.deadline > ? AND r.status <> ? LIMIT 1
            """, [choice.waitlistID, choice.rank, now, RunStatus.cancelled]) != nil
    }

    /// The run and stretch as a leg (nil when the run or its train is gone).
    func leg(timetable: Timetable, in db: Database) throws -> RunLeg? {
        try Waitlist.leg(runID: runID, from: fromSequence, to: toSequence, timetable: timetable, in: db)
    }
}
