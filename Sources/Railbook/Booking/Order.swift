import Storage

/// A booking: the tickets of one trip bought together, paid within a deadline.
struct Order: RowDecodable, Sendable {
    /// Where an order is in its life.
    enum Status: String, SQLBindable, Sendable {
        /// Seats held, waiting for payment until the deadline.
        case unpaid
        /// Paid: tickets issued.
        case paid
        /// Cancelled by the user before paying; seats released.
        case cancelled
        /// Not paid in time; seats released.
        case expired
        /// Every ticket refunded.
        case refunded
        /// Unpaid when the railway cancelled its run; seats released.
        case withdrawn
        /// Unpaid when the owner of a document it held booked a trip at the same time from their
        /// own account (`TripClash`); seats released.
        case displaced
    }

    /// At most this many passengers per order (as 12306 sells since 2024).
    static let passengerLimit = 9
    /// Seats or berths can be chosen for an order of at most this many passengers; a bigger party
    /// has its seats assigned.
    static let seatChoiceLimit = 5
    /// Cancelling this many unpaid orders in a day blocks new orders until the next day.
    static let dailyCancellationLimit = 3

    let id: Int64
    let number: String
    let userID: Int64
    let status: Status
    let totalFen: Int
    let createdAt: Int
    let payDeadline: Int
    let paidAt: Int?

    static let columns = "id, number, user_id, status, total_fen, created_at, pay_deadline, paid_at"

    init(row: Row) throws {
        id = try row.int64("id")
        number = try row.string("number")
        userID = try row.int64("user_id")
        status = try row.decode(Status.self, "status")
        totalFen = try row.int("total_fen")
        createdAt = try row.int("created_at")
        payDeadline = try row.int("pay_deadline")
        paidAt = try row.optionalInt("paid_at")
    }

    /// The user's order numbered `number`, or nil (also when it is someone else's).
    static func find(number: String, userID: Int64, in db: Database) throws -> Order? {
        try db.queryOne(Order.self, "SELECT \(columns) FROM orders WHERE number = ? AND user_id = ?", [number, userID])
    }

    /// Any user's order numbered `number`, for the back office; nil when there is none.
    static func find(number: String, in db: Database) throws -> Order? {
        try db.queryOne(Order.self, "SELECT \(columns) FROM orders WHERE number = ?", [number])
    }

    /// The order with `id`.
    static func find(id: Int64, in db: Database) throws -> Order? {
        try db.queryOne(Order.self, "SELECT \(columns) FROM orders WHERE id = ?", [id])
    }

    /// Moves the order to `status` if it is still `from`; returns whether it did (false: someone else got there first).
    static func transition(_ id: Int64, from: Status, to: Status, at now: Int, in db: Database) throws -> Bool {
        let paidAt: Int? = to == .paid ? now : nil
        let closedAt: Int? = to == .paid ? nil : now
        return try db.run(
            """
            UPDATE orders SET status = ?, paid_at = COALESCE(?, paid_at), closed_at = COALESCE(?, closed_at)
            WHERE id = ? AND status = ?
            """, [to, paidAt, closedAt, id, from]) == 1
    }
}
