import Storage

/// The tabs of a user's order list.
enum OrderTab: String, CaseIterable, Sendable {
    /// Waiting for payment, before the deadline.
    case unpaid
    /// Paid, with at least one issued ticket whose train has not left yet.
    case upcoming
    /// Everything else: travelled, refunded, cancelled, expired.
    case history
}

/// One user's orders by tab, newest first, a page at a time; each with its tickets.
struct OrderListing {
    /// Orders per page.
    static let pageSize = 10

    let userID: Int64
    /// The moment that splits upcoming from history and open from overdue (Unix seconds).
    let now: Int

    /// How many orders each tab holds.
    func counts(in db: Database) throws -> [OrderTab: Int] {
        var counts: [OrderTab: Int] = [:]
        for tab in OrderTab.allCases {
            let row = try db.queryOne("SELECT COUNT(*) AS n FROM orders o WHERE o.user_id = ? AND \(condition(tab))", parameters(tab))
            counts[tab] = try row?.int("n") ?? 0
        }
        return counts
    }

    /// The orders of `tab` on page `page` (1-based), newest first, with their tickets.
    func page(_ page: Int, of tab: OrderTab, in db: Database) throws -> [(order: Order, tickets: [Ticket])] {
        let orders = try db.query(
            Order.self,
            """
            SELECT \(Order.columns.prefixed("o.")) FROM orders o WHERE o.user_id = ? AND \(condition(tab))
            ORDER BY o.created_at DESC, o.id DESC LIMIT ? OFFSET ?
            """, parameters(tab) + [OrderListing.pageSize, (page - 1) * OrderListing.pageSize])
        return try orders.map { ($0, try Ticket.all(orderID: $0.id, in: db)) }
    }

    /// The tab to open when the address names none: unpaid orders first, else upcoming trips.
    static func defaultTab(_ counts: [OrderTab: Int]) -> OrderTab {
        (counts[.unpaid] ?? 0) > 0 ? .unpaid : .upcoming
    }

    private static let unpaid = "(o.status = ? AND o.pay_deadline > ?)"
    private static let upcoming = """
        (o.status = ? AND EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = o.id AND t.status = ? AND t.departs_at > ?))
        """

    /// The SQL condition on `orders o` for a tab; `parameters(tab)` gives its values.
    private func condition(_ tab: OrderTab) -> String {
        switch tab {
        case .unpaid: OrderListing.unpaid
        case .upcoming: OrderListing.upcoming
        case .history: "NOT \(OrderListing.unpaid) AND NOT \(OrderListing.upcoming)"
        }
    }

    /// The user, then the values of the tab's condition in their order.
    private func parameters(_ tab: OrderTab) -> [any SQLBindable] {
        let unpaid: [any SQLBindable] = [Order.Status.unpaid, now]
        let upcoming: [any SQLBindable] = [Order.Status.paid, Ticket.Status.issued, now]
        let values =
            switch tab {
            case .unpaid: unpaid
            case .upcoming: upcoming
            case .history: unpaid + upcoming
            }
        return [userID] + values
    }
}
