import Storage

/// What a user's My page (`/me`) sums up: what waits for their money, with its pay-by time; their
/// next trips, next departure first; and how many of each thing they keep.
struct AccountHub: Sendable {
    /// Something waiting for the user's money before its pay-by time.
    struct Unpaid: Sendable {
        /// What is unpaid; the raw value names it in `data-unpaid` and in the catalog key.
        enum Kind: String, Sendable {
            case order, waitlist
            case shopOrder = "shop_order"
        }

        let kind: Kind
        let number: String
        let amountFen: Int
        /// When it stops taking money (Unix seconds).
        let payBy: Int

        /// The page where it is paid or cancelled.
        var href: String {
            switch kind {
            case .order: "/orders/" + number
            case .waitlist: "/waitlist/" + number
            case .shopOrder: ShopOrderPaths.order(number)
            }
        }
    }

    /// At most this many upcoming tickets are shown.
    static let tripLimit = 3

    /// Unpaid ticket orders, waitlists and shop orders, soonest pay-by time first.
    let unpaid: [Unpaid]
    /// Issued tickets whose train has not left, next departure first (at most `tripLimit`).
    let nextTrips: [Ticket]
    /// All issued tickets whose train has not left.
    let upcomingTripCount: Int
    /// Waitlists awaiting payment or waiting for seats.
    let openWaitlistCount: Int
    let shopOrderCount: Int
    /// Complaints not resolved yet.
    let openComplaintCount: Int
    let passengerCount: Int
    let addressCount: Int

    /// Reads the hub of user `userID` at `now`; an unpaid waitlist waits `holdSeconds` for its prepayment.
    static func load(userID: Int64, now: Int, holdSeconds: Int, in db: Database) throws -> AccountHub {
        var unpaid = try db.query(
            """
            SELECT number, total_fen, pay_deadline FROM orders WHERE user_id = ? AND status = ? AND pay_deadline > ?
            """, [userID, Order.Status.unpaid, now]
        ).map {
            Unpaid(
                kind: .order, number: try $0.string("number"), amountFen: try $0.int("total_fen"),
                payBy: try $0.int("pay_deadline"))
        }
        unpaid += try db.query(
            Waitlist.self,
            """
            SELECT \(Waitlist.columns) FROM waitlists WHERE user_id = ? AND status = ?
            """, [userID, Waitlist.Status.awaitingPayment]
        ).filter { $0.payBy(holdSeconds: holdSeconds) > now }
            .map { Unpaid(kind: .waitlist, number: $0.number, amountFen: $0.amountFen, payBy: $0.payBy(holdSeconds: holdSeconds)) }
        unpaid += try db.query(
            """
            SELECT number, total_fen, pay_deadline FROM shop_orders WHERE user_id = ? AND status = ? AND pay_deadline > ?
            """, [userID, ShopOrder.Status.pendingPayment, now]
        ).map {
            Unpaid(
                kind: .shopOrder, number: try $0.string("number"), amountFen: try $0.int("total_fen"),
                payBy: try $0.int("pay_deadline"))
        }
        let upcoming = "FROM tickets t JOIN orders o ON o.id = t.order_id WHERE o.user_id = ? AND t.status = ? AND t.departs_at > ?"
        return AccountHub(
            unpaid: unpaid.sorted { ($0.payBy, $0.number) < ($1.payBy, $1.number) },
            nextTrips: try db.query(
                Ticket.self, "SELECT \(Ticket.columns.prefixed("t.")) \(upcoming) ORDER BY t.departs_at, t.id LIMIT ?",
                [userID, Ticket.Status.issued, now, tripLimit]),
            upcomingTripCount: try count("SELECT COUNT(*) AS n \(upcoming)", [userID, Ticket.Status.issued, now], in: db),
            openWaitlistCount: try count(
                """
                SELECT COUNT(*) AS n FROM waitlists WHERE user_id = ? AND status IN (?, ?)
                """, [userID, Waitlist.Status.awaitingPayment, Waitlist.Status.waiting], in: db),
            shopOrderCount: try count("SELECT COUNT(*) AS n FROM shop_orders WHERE user_id = ?", [userID], in: db),
            openComplaintCount: try count(
                "SELECT COUNT(*) AS n FROM complaints WHERE user_id = ? AND status <> ?",
                [userID, Complaint.Status.resolved], in: db),
            passengerCount: try Passenger.count(for: userID, in: db),
            addressCount: try Address.count(for: userID, in: db))
    }

    private static func count(_ sql: String, _ values: [any SQLBindable], in db: Database) throws -> Int {
        try db.queryOne(sql, values)?.int("n") ?? 0
    }
}
