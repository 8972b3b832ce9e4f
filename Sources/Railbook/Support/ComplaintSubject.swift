import SQLite

/// What a complaint is about: one of the user's ticket orders or shop orders. Every lookup is
/// scoped to one user, so a number that is unknown and one that is someone else's look the same.
struct ComplaintSubject: Sendable, Equatable {
    /// The kind of order (the `complaints.subject_kind` column).
    enum Kind: String, Sendable {
        case ticketOrder = "ticket_order"
        case shopOrder = "shop_order"

        /// The message-catalog key of its name.
        var messageKey: String { "complaint_subject_\(rawValue)" }
    }

    let kind: Kind
    /// The order's row id in its own table.
    let id: Int64
    /// The number the user knows it by (`E123456789`).
    let number: String
    /// A short reminder of what the order was: `G101 2026-12-03` for tickets; empty when unknown.
    let summary: String

    /// How many recent orders the complaint form offers.
    static let choiceLimit = 30

    /// The user's order numbered `number`, ticket or shop, or nil (unknown or someone else's).
    static func find(number: String, userID: Int64, in db: Database) throws -> ComplaintSubject? {
        guard !number.isEmpty, number.count <= 20 else { return nil }
        if let order = try db.queryOne("\(ticketOrders) AND o.number = ?", [.integer(userID), .text(number)]) {
            return try ComplaintSubject(ticketOrder: order)
        }
        return try findShopOrder(number: number, userID: userID, in: db)
    }

    /// The user's most recent orders of both kinds, newest first, for the form's order list.
    static func choices(for userID: Int64, in db: Database) throws -> [ComplaintSubject] {
        let rows = try db.query("\(ticketOrders) ORDER BY o.created_at DESC, o.id DESC LIMIT \(choiceLimit)", [.integer(userID)])
        let tickets = try rows.map { (subject: try ComplaintSubject(ticketOrder: $0), createdAt: try $0.int("created_at")) }
        let shop = try recentShopOrders(for: userID, limit: choiceLimit, in: db)
        return (tickets + shop).sorted { $0.createdAt > $1.createdAt }.prefix(choiceLimit).map(\.subject)
    }

    /// The user's ticket orders with the train and service date of their first ticket; `?` is the user id.
    private static let ticketOrders = """
        SELECT o.id, o.number, o.created_at,
            (SELECT tr.number FROM tickets t JOIN runs r ON r.id = t.run_id JOIN trains tr ON tr.id = r.train_id
             WHERE t.order_id = o.id ORDER BY t.departs_at, t.id LIMIT 1) AS train,
            (SELECT r.service_date FROM tickets t JOIN runs r ON r.id = t.run_id
             WHERE t.order_id = o.id ORDER BY t.departs_at, t.id LIMIT 1) AS service_date
        FROM orders o WHERE o.user_id = ?
        """

    private init(ticketOrder row: Row) throws {
        kind = .ticketOrder
        id = try row.int64("id")
        number = try row.string("number")
        summary = [try row.optionalString("train"), try row.optionalString("service_date")].compactMap { $0 }.joined(separator: " ")
    }

    init(kind: Kind, id: Int64, number: String, summary: String) {
        self.kind = kind
        self.id = id
        self.number = number
        self.summary = summary
    }
}
