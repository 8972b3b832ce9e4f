import Storage

/// A change (改签) to a dearer fare, waiting for its payment of the difference (purpose `change`,
/// subject this row). No seat is held meanwhile: the change is made, and the seat allocated, when
/// the payment is confirmed; if it cannot be made then, the payment is refunded in full.
struct TicketChangeRequest: RowDecodable, Sendable {
    enum Status: String, SQLBindable, Sendable {
        /// Waiting for the payment.
        case pending
        /// Paid and made: `newTicketID` is the new ticket.
        case done
        /// Paid but the change could no longer be made; the payment was refunded.
        case refused
    }

    let id: Int64
    let ticketID: Int64
    let runID: Int64
    let seatClass: SeatClass
    /// The new ticket's fare, as quoted when the change was asked for.
    let priceFen: Int
    let status: Status
    let newTicketID: Int64?
    /// The new destination's telecode for a change of destination (变更到站), nil otherwise.
    let destination: String?

    static let columns = "id, ticket_id, run_id, seat_class, price_fen, status, new_ticket_id, to_code"

    init(row: Row) throws {
        id = try row.int64("id")
        ticketID = try row.int64("ticket_id")
        runID = try row.int64("run_id")
        seatClass = try row.decode(SeatClass.self, "seat_class")
        priceFen = try row.int("price_fen")
        status = try row.decode(Status.self, "status")
        newTicketID = try row.optionalInt64("new_ticket_id")
        destination = try row.optionalString("to_code")
    }

    /// The pending request for this ticket, run, class and fare, made now if there is none
    /// (so a repeated submit leads to the same payment); returns its id.
    static func open(
        ticketID: Int64, runID: Int64, seatClass: SeatClass, destination: String?, priceFen: Int, now: Int, in db: Database
    ) throws -> Int64 {
        if let row = try db.queryOne(
            """
            SELECT id FROM ticket_changes WHERE ticket_id = ? AND run_id = ? AND seat_class = ? AND price_fen = ? AND status = ?
              AND COALESCE(to_code, '') = ?
            """, [ticketID, runID, seatClass.rawValue, priceFen, Status.pending, destination ?? ""])
        {
            return try row.int64("id")
        }
        return try db.insert(
            """
            INSERT INTO ticket_changes (ticket_id, run_id, seat_class, price_fen, status, created_at, to_code)
            VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id
            """, [ticketID, runID, seatClass.rawValue, priceFen, Status.pending, now, destination])
    }

    /// The request with `id`.
    static func find(id: Int64, in db: Database) throws -> TicketChangeRequest? {
        try db.queryOne(TicketChangeRequest.self, "SELECT \(columns) FROM ticket_changes WHERE id = ?", [id])
    }

    /// Closes a pending request as `done` (with the new ticket) or `refused`.
    static func close(_ id: Int64, as status: Status, newTicketID: Int64?, now: Int, in db: Database) throws {
        try db.run(
            "UPDATE ticket_changes SET status = ?, new_ticket_id = ?, closed_at = ? WHERE id = ? AND status = ?",
            [status, newTicketID, now, id, Status.pending])
    }

    /// The completed payments of differences that paid for ticket `ticketID` (a change's new ticket).
    static func payments(forNewTicket ticketID: Int64, in db: Database) throws -> [Int64] {
        try db.query(
            """
            SELECT p.id FROM payments p JOIN ticket_changes c ON c.id = p.subject_id
            WHERE p.purpose = 'change' AND p.status IN (?, ?) AND c.new_ticket_id = ? ORDER BY p.id
            """, [Payment.Status.paid, Payment.Status.refunded, ticketID]
        ).map { try $0.int64("id") }
    }
}
