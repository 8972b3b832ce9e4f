import Storage

/// One passenger's seat on one run between two stops, as sold in an order.
struct Ticket: RowDecodable, Sendable {
    /// Where a ticket is in its life.
    enum Status: String, SQLBindable, Sendable {
        /// Seat held for an unpaid order.
        case held
        /// Paid and valid for travel.
        case issued
        /// Its order was cancelled or expired before payment; seat released.
        case released
        /// Refunded; seat released.
        case refunded
        /// Exchanged for another ticket (改签); seat released.
        case changed
    }

    let id: Int64
    let orderID: Int64
    let runID: Int64
    let passengerName: String
    let certificateType: CertificateType
    let certificateNumber: String
    let ticketType: PassengerType
    let seatClass: SeatClass
    let fromSequence: Int
    let toSequence: Int
    let departsAt: Int
    let arrivesAt: Int
    let coachNumber: Int
    let seatIndex: Int
    let priceFen: Int
    let status: Status
    let refundFeeFen: Int?
    let refundedFen: Int?
    /// The change fee (改签费) paid or withheld when the ticket was changed (`ChangeFeePolicy`).
    let changeFeeFen: Int?
    let changedFromTicketID: Int64?
    /// When it stopped being valid (refunded, changed, released…).
    let closedAt: Int?
    /// The seat or berth the passenger picked when booking (`SeatAllocator.Preference` code), nil for none.
    let seatPick: String?

    /// The fees the ticket cost when it was refunded or changed: refund fee and change fee.
    var feesFen: Int { (refundFeeFen ?? 0) + (changeFeeFen ?? 0) }

    static let columns = """
        id, order_id, run_id, passenger_name, certificate_type, certificate_number, ticket_type, seat_class, from_sequence, \
        to_sequence, departs_at, arrives_at, coach_number, seat_index, price_fen, status, refund_fee_fen, refunded_fen, \
        changed_from_ticket_id, closed_at, seat_pick, change_fee_fen
        """

    init(row: Row) throws {
        id = try row.int64("id")
        orderID = try row.int64("order_id")
        runID = try row.int64("run_id")
        passengerName = try row.string("passenger_name")
        certificateType = try row.decode(CertificateType.self, "certificate_type")
        certificateNumber = try row.string("certificate_number")
        ticketType = try row.decode(PassengerType.self, "ticket_type")
        seatClass = try row.decode(SeatClass.self, "seat_class")
        fromSequence = try row.int("from_sequence")
        toSequence = try row.int("to_sequence")
        departsAt = try row.int("departs_at")
        arrivesAt = try row.int("arrives_at")
        coachNumber = try row.int("coach_number")
        seatIndex = try row.int("seat_index")
        priceFen = try row.int("price_fen")
        status = try row.decode(Status.self, "status")
        refundFeeFen = try row.optionalInt("refund_fee_fen")
        refundedFen = try row.optionalInt("refunded_fen")
        changeFeeFen = try row.optionalInt("change_fee_fen")
        changedFromTicketID = try row.optionalInt64("changed_from_ticket_id")
        closedAt = try row.optionalInt("closed_at")
        seatPick = try row.optionalString("seat_pick")
    }

    /// The tickets of an order, in seat order.
    static func all(orderID: Int64, in db: Database) throws -> [Ticket] {
        try db.query(Ticket.self, "SELECT \(columns) FROM tickets WHERE order_id = ? ORDER BY id", [orderID])
    }

    /// How many of an order's tickets are still valid (held or issued); none left means the order
    /// is refunded.
    static func validCount(orderID: Int64, in db: Database) throws -> Int {
        try db.queryOne(
            "SELECT COUNT(*) AS n FROM tickets WHERE order_id = ? AND status IN (?, ?)",
            [orderID, Status.held, Status.issued])?.int("n") ?? 0
    }

    /// The ticket `id`, whoever holds it (the gate checks a signed reference, not an owner).
    static func find(id: Int64, in db: Database) throws -> Ticket? {
        try db.queryOne(Ticket.self, "SELECT \(columns) FROM tickets WHERE id = ?", [id])
    }

    /// The ticket `id` if it belongs to an order of `userID`.
    static func find(id: Int64, userID: Int64, in db: Database) throws -> Ticket? {
        try db.queryOne(
            Ticket.self,
            """
            SELECT \(columns.prefixed("t.")) FROM tickets t JOIN orders o ON o.id = t.order_id WHERE t.id = ? AND o.user_id = ?
            """, [id, userID])
    }

    /// True for a standing ticket (无座): no coach or seat of its own.
    var isStanding: Bool { seatClass == .standing }

    /// The seat as printed: `05车 12F` style parts.
    var seatLabel: (row: Int, letter: String) { seatClass.seatLabel(index: seatIndex) }

    /// The stretch of the route the ticket occupies.
    var segment: SegmentMask { get throws { try SegmentMask(from: fromSequence, to: toSequence) } }
}
