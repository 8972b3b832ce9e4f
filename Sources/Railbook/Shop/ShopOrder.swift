import Storage

/// An order from one shop: placed at checkout (stock taken), paid through Railbook Pay, accepted
/// by the merchant within the accept window (`Deadlines.acceptSeconds`), delivered, then completed by the customer or a day
/// later by itself; or cancelled before payment, or refunded in full.
struct ShopOrder: RowDecodable, Sendable {
    /// Where a shop order is in its life.
    enum Status: String, SQLBindable, CaseIterable, Sendable {
        case pendingPayment = "pending_payment"
        case paid, accepted, delivered, completed, cancelled, refunded

        /// Whether the order still waits for something to happen to it (not completed, cancelled or refunded).
        var isOpen: Bool { ![.completed, .cancelled, .refunded].contains(self) }
        /// The message-catalog key of the status's name.
        var messageKey: String {
            switch self {
            case .pendingPayment: "shop_order_status_pending_payment"
            case .paid: "shop_order_status_paid"
            case .accepted: "shop_order_status_accepted"
            case .delivered: "shop_order_status_delivered"
            case .completed: "shop_order_status_completed"
            case .cancelled: "shop_order_status_cancelled"
            case .refunded: "shop_order_status_refunded"
            }
        }
    }

    /// Where the order goes.
    enum DeliveryKind: String, SQLBindable, Sendable {
        case seat, address
    }

    /// How long after delivery an order completes by itself.
    static let completionDelay = 86_400

    let id: Int64
    let number: String
    let userID: Int64
    let shopID: Int64
    let status: Status
    let totalFen: Int
    let deliveryKind: DeliveryKind
    let ticketID: Int64?
    let runID: Int64?
    let coach: String?
    let seat: String?
    let address: String?
    let createdAt: Int
    let payDeadline: Int
    let paidAt: Int?
    let acceptDeadline: Int?
    let acceptedAt: Int?
    let deliveredAt: Int?
    let completedAt: Int?
    let closedAt: Int?

    static let columns = """
        id, number, user_id, shop_id, status, total_fen, delivery_kind, ticket_id, run_id, coach, seat, address, created_at, \
        pay_deadline, paid_at, accept_deadline, accepted_at, delivered_at, completed_at, closed_at
        """

    init(row: Row) throws {
        id = try row.int64("id")
        number = try row.string("number")
        userID = try row.int64("user_id")
        shopID = try row.int64("shop_id")
        status = try row.decode(Status.self, "status")
        totalFen = try row.int("total_fen")
        deliveryKind = try row.decode(DeliveryKind.self, "delivery_kind")
        ticketID = try row.optionalInt64("ticket_id")
        runID = try row.optionalInt64("run_id")
        coach = try row.optionalString("coach")
        seat = try row.optionalString("seat")
        address = try row.optionalString("address")
        createdAt = try row.int("created_at")
        payDeadline = try row.int("pay_deadline")
        paidAt = try row.optionalInt("paid_at")
        acceptDeadline = try row.optionalInt("accept_deadline")
        acceptedAt = try row.optionalInt("accepted_at")
        deliveredAt = try row.optionalInt("delivered_at")
        completedAt = try row.optionalInt("completed_at")
        closedAt = try row.optionalInt("closed_at")
    }

    /// The user's shop order numbered `number`, or nil (also when it is someone else's).
    static func find(number: String, userID: Int64, in db: Database) throws -> ShopOrder? {
        try db.queryOne(
            ShopOrder.self, "SELECT \(columns) FROM shop_orders WHERE number = ? AND user_id = ?",
            [number, userID])
    }

    /// The shop order numbered `number` whoever placed it (for the merchant), or nil.
    static func find(number: String, in db: Database) throws -> ShopOrder? {
        try db.queryOne(ShopOrder.self, "SELECT \(columns) FROM shop_orders WHERE number = ?", [number])
    }

    /// The shop order with `id`, or nil.
    static func find(id: Int64, in db: Database) throws -> ShopOrder? {
        try db.queryOne(ShopOrder.self, "SELECT \(columns) FROM shop_orders WHERE id = ?", [id])
    }

    /// The user's shop orders, newest first.
    static func all(userID: Int64, in db: Database) throws -> [ShopOrder] {
        try db.query(
            ShopOrder.self, "SELECT \(columns) FROM shop_orders WHERE user_id = ? ORDER BY created_at DESC, id DESC",
            [userID])
    }

    /// Orders in `statuses`, oldest first (the merchant's queue).
    static func all(in statuses: [Status], in db: Database) throws -> [ShopOrder] {
        let placeholders = statuses.map { _ in "?" }.joined(separator: ", ")
        return try db.query(
            ShopOrder.self, "SELECT \(columns) FROM shop_orders WHERE status IN (\(placeholders)) ORDER BY created_at, id",
            statuses)
    }

    /// The order's lines, in the order they were sold.
    static func lines(orderID: Int64, in db: Database) throws -> [ShopOrderLine] {
        try db.query(
            ShopOrderLine.self,
            """
            SELECT product_id, name_zh, name_en, price_fen, quantity FROM shop_order_lines WHERE order_id = ? ORDER BY line_number, product_id
            """, [orderID])
    }
}

/// One product of a shop order as it was sold: its name and price then, and how many.
struct ShopOrderLine: RowDecodable, Sendable {
    let productID: Int64
    let name: LocalizedText
    let priceFen: Int
    let quantity: Int

    init(row: Row) throws {
        productID = try row.int64("product_id")
        name = LocalizedText(chinese: try row.string("name_zh"), english: try row.string("name_en"))
        priceFen = try row.int("price_fen")
        quantity = try row.int("quantity")
    }

    /// Price times quantity, in fen.
    var subtotalFen: Int { priceFen * quantity }
}
