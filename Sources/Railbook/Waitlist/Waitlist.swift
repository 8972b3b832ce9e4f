import Storage

/// A waitlist order (候补): a user's prepaid request for seats of a sold-out class on one run and
/// stretch, served in the order of payment whenever seats are released, refunded at its deadline.
struct Waitlist: RowDecodable, Sendable {
    /// Where a waitlist is in its life.
    enum Status: String, SQLBindable, Sendable {
        /// Created, waiting for the prepayment.
        case awaitingPayment = "awaiting_payment"
        /// Paid and in the queue for its run and class.
        case waiting
        /// Seats found: a paid order was created.
        case fulfilled
        /// No seats by the deadline; the prepayment was given back.
        case refunded
        /// Cancelled by the user (or never paid); any prepayment was given back.
        case cancelled
    }

    /// At most this many passengers per waitlist.
    static let passengerLimit = Order.passengerLimit
    /// At most this many waitlists of one account open at once (awaiting payment or waiting).
    static let openLimit = 6
    /// How long a new waitlist waits for its prepayment.

    let id: Int64
    let number: String
    let userID: Int64
    let runID: Int64
    let fromSequence: Int
    let toSequence: Int
    let seatClass: SeatClass
    let departsAt: Int
    let arrivesAt: Int
    let status: Status
    /// When an unfulfilled waitlist is refunded, as Unix seconds.
    let deadline: Int
    /// The prepayment: every passenger's fare.
    let amountFen: Int
    let createdAt: Int
    /// When it was paid and joined the queue.
    let queuedAt: Int?
    let closedAt: Int?
    let fulfilledOrderID: Int64?
    /// Why it was closed, when not the usual reason of its status.
    let closedReason: CloseReason?

    /// A reason for closing other than the one its status implies.
    enum CloseReason: String, Sendable {
        /// Refunded because its run was cancelled (not for want of seats by the deadline).
        case runCancelled = "run_cancelled"
        /// Refunded when seats were found because a passenger no longer qualified for their ticket
        /// type and the adult fare was more than the prepayment (`WaitlistFulfilment`).
        case ticketType = "ticket_type"
    }

    static let columns = """
        id, number, user_id, run_id, from_sequence, to_sequence, seat_class, departs_at, arrives_at, status, deadline, amount_fen, \
        created_at, queued_at, closed_at, fulfilled_order_id, closed_reason
        """

    init(row: Row) throws {
        id = try row.int64("id")
        number = try row.string("number")
        userID = try row.int64("user_id")
        runID = try row.int64("run_id")
        fromSequence = try row.int("from_sequence")
        toSequence = try row.int("to_sequence")
        seatClass = try row.decode(SeatClass.self, "seat_class")
        departsAt = try row.int("departs_at")
        arrivesAt = try row.int("arrives_at")
        status = try row.decode(Status.self, "status")
        deadline = try row.int("deadline")
        amountFen = try row.int("amount_fen")
        createdAt = try row.int("created_at")
        queuedAt = try row.optionalInt("queued_at")
        closedAt = try row.optionalInt("closed_at")
        fulfilledOrderID = try row.optionalInt64("fulfilled_order_id")
        closedReason = try row.optionalString("closed_reason").flatMap(CloseReason.init(rawValue:))
    }

    /// When an unpaid waitlist is cancelled: `holdSeconds` after it was made, or its deadline if sooner.
    func payBy(holdSeconds: Int) -> Int { min(createdAt + holdSeconds, deadline) }

    /// The user's waitlist numbered `number`, or nil (also when it is someone else's).
    static func find(number: String, userID: Int64, in db: Database) throws -> Waitlist? {
        try db.queryOne(
            Waitlist.self, "SELECT \(columns) FROM waitlists WHERE number = ? AND user_id = ?",
            [number, userID])
    }

    /// The waitlist with `id`.
    static func find(id: Int64, in db: Database) throws -> Waitlist? {
        try db.queryOne(Waitlist.self, "SELECT \(columns) FROM waitlists WHERE id = ?", [id])
    }

    /// The user's waitlists, newest first.
    static func all(userID: Int64, in db: Database) throws -> [Waitlist] {
        try db.query(
            Waitlist.self, "SELECT \(columns) FROM waitlists WHERE user_id = ? ORDER BY created_at DESC, id DESC",
            [userID])
    }

    /// The place in the queue of its first choice's run and class (1 = served first), or nil when
    /// not waiting: one more than the waiting waitlists paid for earlier that cover it too, at any rank.
    func queuePosition(in db: Database) throws -> Int? {
        guard status == .waiting, let queuedAt else { return nil }
        let ahead = try db.queryOne(
            """
            SELECT COUNT(DISTINCT w.id) AS n FROM waitlist_choices c JOIN waitlists w ON w.id = c.waitlist_id
            WHERE c.run_id = ? AND c.seat_class = ? AND w.status = ?
            AND (w.queued_at < ? OR (w.queued_at = ? AND w.id < ?))
            """, [runID, seatClass.rawValue, Status.waiting, queuedAt, queuedAt, id])
        return (try ahead?.int("n") ?? 0) + 1
    }

    /// The run and stretch as a leg (nil when the run or its train is gone).
    func leg(timetable: Timetable, in db: Database) throws -> RunLeg? {
        try Waitlist.leg(runID: runID, from: fromSequence, to: toSequence, timetable: timetable, in: db)
    }

    /// Run `runID` between stops `from` and `to` as a leg (nil when the run or its train is gone).
    static func leg(runID: Int64, from: Int, to: Int, timetable: Timetable, in db: Database) throws -> RunLeg? {
        guard let row = try db.queryOne("SELECT train_id, service_date, status FROM runs WHERE id = ?", [runID]),
            let train = timetable.train(id: try row.int64("train_id")),
            let serviceDate = CivilDate(iso: try row.string("service_date")),
            from >= 0, from < to, to < train.stops.count
        else { return nil }
        return RunLeg(
            runID: runID, train: train, serviceDate: serviceDate,
            isCancelled: try row.decode(RunStatus.self, "status") == .cancelled,
            originIndex: from, destinationIndex: to)
    }
}
