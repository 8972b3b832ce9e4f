import Storage

/// A payment through Railbook Pay for something of one purpose (a ticket order, a waitlist
/// deposit, a change): created pending, authorized by the payer on the provider page, paid when
/// the provider's signed notification arrives, and possibly refunded (in part or in full).
struct Payment: RowDecodable, Sendable {
    /// Where a payment is in its life.
    enum Status: String, SQLBindable, Sendable {
        /// Created; the payer has not confirmed it on the provider page yet.
        case pending
        /// The payer confirmed it; the provider is notifying us.
        case authorized
        /// The notification arrived and was accepted (or refunded in part later).
        case paid
        /// The payer cancelled it on the provider page.
        case cancelled
        /// Every fen given back.
        case refunded
    }

    let id: Int64
    let reference: String
    let userID: Int64
    let purpose: PaymentLedger.Purpose
    let subjectID: Int64
    let amountFen: Int
    let status: Status
    let createdAt: Int
    let completedAt: Int?
    let refundedFen: Int
    /// The same-site path the payer returns to from the provider page.
    let returnTo: String

    static let columns = "id, reference, user_id, purpose, subject_id, amount_fen, status, created_at, completed_at, refunded_fen, return_to"

    init(row: Row) throws {
        id = try row.int64("id")
        reference = try row.string("reference")
        userID = try row.int64("user_id")
        purpose = try row.decode(PaymentLedger.Purpose.self, "purpose")
        subjectID = try row.int64("subject_id")
        amountFen = try row.int("amount_fen")
        status = try row.decode(Status.self, "status")
        createdAt = try row.int("created_at")
        completedAt = try row.optionalInt("completed_at")
        refundedFen = try row.int("refunded_fen")
        returnTo = try row.optionalString("return_to") ?? "/"
    }

    /// The payment with `id`, or nil.
    static func find(id: Int64, in db: Database) throws -> Payment? {
        try db.queryOne(Payment.self, "SELECT \(columns) FROM payments WHERE id = ?", [id])
    }

    /// The payment with this provider reference, or nil.
    static func find(reference: String, in db: Database) throws -> Payment? {
        try db.queryOne(Payment.self, "SELECT \(columns) FROM payments WHERE reference = ?", [reference])
    }

    /// The newest pending payment of `userID` for the subject, or nil.
    static func pending(purpose: PaymentLedger.Purpose, subjectID: Int64, userID: Int64, in db: Database) throws -> Payment? {
        try db.queryOne(
            Payment.self,
            """
            SELECT \(columns) FROM payments WHERE purpose = ? AND subject_id = ? AND user_id = ? AND status = ?
            ORDER BY id DESC LIMIT 1
            """, [purpose.rawValue, subjectID, userID, Status.pending])
    }

    /// The oldest payment of `userID` for the subject that its payer authorised and that is not
    /// settled yet, or nil.
    static func authorized(purpose: PaymentLedger.Purpose, subjectID: Int64, userID: Int64, in db: Database) throws -> Payment? {
        try db.queryOne(
            Payment.self,
            """
            SELECT \(columns) FROM payments WHERE purpose = ? AND subject_id = ? AND user_id = ? AND status = ?
            ORDER BY id LIMIT 1
            """, [purpose.rawValue, subjectID, userID, Status.authorized])
    }

    /// The payment that tells the subject's payment state best: a paid one, else a refunded one, else the newest.
    static func latest(purpose: PaymentLedger.Purpose, subjectID: Int64, in db: Database) throws -> Payment? {
        try db.queryOne(
            Payment.self,
            """
            SELECT \(columns) FROM payments WHERE purpose = ? AND subject_id = ?
            ORDER BY CASE status WHEN ? THEN 0 WHEN ? THEN 1 ELSE 2 END, id DESC LIMIT 1
            """, [purpose.rawValue, subjectID, Status.paid, Status.refunded])
    }

    /// Inserts a new pending payment; returns its id.
    static func insert(
        reference: String, userID: Int64, purpose: PaymentLedger.Purpose, subjectID: Int64, amountFen: Int,
        returnTo: String, now: Int, in db: Database
    ) throws -> Int64 {
        return try db.insert(
            """
            INSERT INTO payments (reference, user_id, purpose, subject_id, amount_fen, status, created_at, refunded_fen, return_to)
            VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)
            RETURNING id
            """,
            [
                reference, userID, purpose.rawValue, subjectID, amountFen,
                Status.pending, now, returnTo,
            ])
    }

    /// Moves payment `id` from `from` (one of them) to `to`; returns whether it did (false: it had moved on already).
    static func transition(_ id: Int64, from: [Status], to: Status, at now: Int, in db: Database) throws -> Bool {
        let completedAt: Int? = to == .paid ? now : nil
        let placeholders = from.map { _ in "?" }.joined(separator: ", ")
        return try db.run(
            "UPDATE payments SET status = ?, completed_at = COALESCE(?, completed_at) WHERE id = ? AND status IN (\(placeholders))",
            [to, completedAt, id] + from) == 1
    }
}
