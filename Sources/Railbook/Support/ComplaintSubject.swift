import Storage

/// What a complaint is about: one of the user's ticket orders or shop orders. Every lookup is
/// scoped to one user, so a number that is unknown and one that is someone else's look the same.
struct ComplaintSubject: Sendable, Equatable {
    /// The kind of order (the `complaints.subject_kind` column).
    enum Kind: String, SQLBindable, Sendable {
        case ticketOrder = "ticket_order"
        case shopOrder = "shop_order"

        /// The message-catalog key of its name.
        var messageKey: String {
            switch self {
            case .ticketOrder: "complaint_subject_ticket_order"
            case .shopOrder: "complaint_subject_shop_order"
            }
        }

        /// The page of the order numbered `number`.
        func href(number: String) -> String {
            switch self {
            case .ticketOrder: "/orders/" + number
            case .shopOrder: ShopOrderPaths.order(number)
            }
        }
    }

    let kind: Kind
    /// The order's row id in its own table.
    let id: Int64
    /// The number the user knows it by (`E123456789`, `S1234567890`).
    let number: String
    /// A short reminder of what the order was: `G101 2026-12-03` for tickets, the shop's name for
    /// shop orders; empty when unknown.
    let summary: LocalizedText
    let createdAt: Int

    /// How many recent orders the complaint form offers.
    static let choiceLimit = 30

    /// The user's order numbered `number`, ticket or shop, or nil (unknown or someone else's).
    static func find(number: String, userID: Int64, in db: Database) throws -> ComplaintSubject? {
        guard !number.isEmpty, number.count <= 20 else { return nil }
        if let order = try Order.find(number: number, userID: userID, in: db) {
            return ComplaintSubject(
                kind: .ticketOrder, id: order.id, number: order.number,
                summary: try ticketSummary(orderID: order.id, in: db), createdAt: order.createdAt)
        }
        if let order = try ShopOrder.find(number: number, userID: userID, in: db) {
            return ComplaintSubject(
                kind: .shopOrder, id: order.id, number: order.number,
                summary: try Shop.find(id: order.shopID, in: db)?.name ?? .empty, createdAt: order.createdAt)
        }
        return nil
    }

    /// The user's `choiceLimit` most recent orders of both kinds, newest first, for the form's order list.
    static func choices(for userID: Int64, in db: Database) throws -> [ComplaintSubject] {
        let tickets = try db.query(
            """
            SELECT o.id, o.number, o.created_at FROM orders o WHERE o.user_id = ? ORDER BY o.created_at DESC, o.id DESC LIMIT \(choiceLimit)
            """, [userID]
        ).map { row in
            let id = try row.int64("id")
            return ComplaintSubject(
                kind: .ticketOrder, id: id, number: try row.string("number"),
                summary: try ticketSummary(orderID: id, in: db), createdAt: try row.int("created_at"))
        }
        var shops: [Int64: LocalizedText] = [:]
        let shopOrders = try ShopOrder.all(userID: userID, in: db).prefix(choiceLimit).map { order in
            if shops[order.shopID] == nil { shops[order.shopID] = try Shop.find(id: order.shopID, in: db)?.name ?? .empty }
            return ComplaintSubject(
                kind: .shopOrder, id: order.id, number: order.number, summary: shops[order.shopID] ?? .empty,
                createdAt: order.createdAt)
        }
        return Array((tickets + shopOrders).sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }.prefix(choiceLimit))
    }

    /// `G101 2026-12-03`: the train and service date of the order's first ticket.
    private static func ticketSummary(orderID: Int64, in db: Database) throws -> LocalizedText {
        let row = try db.queryOne(
            """
            SELECT tr.number, r.service_date FROM tickets t JOIN runs r ON r.id = t.run_id JOIN trains tr ON tr.id = r.train_id
            WHERE t.order_id = ? ORDER BY t.departs_at, t.id LIMIT 1
            """, [orderID])
        let text = try row.map { "\(try $0.string("number")) \(try $0.string("service_date"))" } ?? ""
        return LocalizedText(chinese: text, english: text)
    }
}

extension LocalizedText {
    /// No text in either language.
    static let empty = LocalizedText(chinese: "", english: "")
}
