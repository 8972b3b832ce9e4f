import Storage

/// The life of shop orders after checkout: every move goes through `move`, which changes an
/// order only while it is still in one of the expected states, so a job, the merchant, the
/// customer and a payment can never both win. Call everything inside a write transaction.
enum ShopOrders {
    /// Moves order `id` from one of `from` to `to` at `now`, stamping the matching time column;
    /// returns whether it did (false: it had moved on already).
    static func move(_ id: Int64, from: [ShopOrder.Status], to: ShopOrder.Status, now: Int, in db: Database) throws -> Bool {
        let stamps: [String]
        switch to {
        case .paid: stamps = ["paid_at"]
        case .accepted: stamps = ["accepted_at"]
        case .delivered: stamps = ["delivered_at"]
        case .completed: stamps = ["completed_at", "closed_at"]
        case .cancelled, .refunded: stamps = ["closed_at"]
        case .pendingPayment: stamps = []
        }
        let assignments = (["status = ?"] + stamps.map { $0 + " = ?" }).joined(separator: ", ")
        let placeholders = from.map { _ in "?" }.joined(separator: ", ")
        return try db.run(
            "UPDATE shop_orders SET \(assignments) WHERE id = ? AND status IN (\(placeholders))",
            [to] + stamps.map { _ in now } + [id] + from) == 1
    }

    /// Marks a pending-payment order paid at `now`: the merchant has `acceptSeconds` to accept it.
    /// Returns whether it did (false: it was not pending payment any more).
    static func markPaid(_ id: Int64, now: Int, acceptSeconds: Int, in db: Database) throws -> Bool {
        guard try move(id, from: [.pendingPayment], to: .paid, now: now, in: db) else { return false }
        try db.run("UPDATE shop_orders SET accept_deadline = ? WHERE id = ?", [now + acceptSeconds, id])
        return true
    }

    /// The merchant accepts a paid order; its customer gets a notice. False when it had moved on.
    @discardableResult
    static func accept(_ order: ShopOrder, now: Int, in db: Database) throws -> Bool {
        guard try move(order.id, from: [.paid], to: .accepted, now: now, in: db) else { return false }
        try ShopOrderNotice.send("notice_shop_order_accepted", about: order, arguments: [], now: now, in: db)
        return true
    }

    /// Cancels a pending-payment order: its stock goes back and its pending payment is cancelled.
    @discardableResult
    static func cancel(_ order: ShopOrder, now: Int, in db: Database) throws -> Bool {
        guard try move(order.id, from: [.pendingPayment], to: .cancelled, now: now, in: db) else { return false }
        try restock(orderID: order.id, in: db)
        if let pending = try Payment.pending(purpose: .shopOrder, subjectID: order.id, userID: order.userID, in: db) {
            _ = try Payment.transition(pending.id, from: [.pending], to: .cancelled, at: now, in: db)
        }
        return true
    }

    /// Refunds a paid or accepted order in full (`reason` goes on the refund, at most 30
    /// characters) and puts its stock back.
    @discardableResult
    static func refund(_ order: ShopOrder, reason: String, now: Int, in db: Database) throws -> Bool {
        guard try move(order.id, from: [.paid, .accepted], to: .refunded, now: now, in: db) else { return false }
        try restock(orderID: order.id, in: db)
        var refunded = 0
        if let payment = try PaymentLedger.paidPayment(for: .shopOrder, subjectID: order.id, in: db) {
            refunded = try PaymentLedger.refund(paymentID: payment.id, amountFen: payment.amountFen, reason: reason, now: now, in: db)
        }
        try ShopOrderNotice.send(ShopOrderNotice.refundKey(reason: reason), about: order, arguments: [Money.format(refunded)], now: now, in: db)
        return true
    }

    /// Closes an open order that can no longer be delivered: cancelled while unpaid, refunded once
    /// paid or accepted. A delivered order stays as it is.
    @discardableResult
    static func withdraw(_ order: ShopOrder, reason: String, now: Int, in db: Database) throws -> Bool {
        switch order.status {
        case .pendingPayment: try cancel(order, now: now, in: db)
        case .paid, .accepted: try refund(order, reason: reason, now: now, in: db)
        default: false
        }
    }

    /// Withdraws every open seat-delivery order to ticket `ticketID` (refunded or changed); returns how many.
    @discardableResult
    static func refundAll(forTicket ticketID: Int64, now: Int, in db: Database) throws -> Int {
        try withdrawAll(where: "ticket_id = ?", ticketID, reason: "ticket refunded", now: now, in: db)
    }

    /// Withdraws every open seat-delivery order to a seat on run `runID` (the run was cancelled); returns how many.
    @discardableResult
    static func refundAll(forRun runID: Int64, now: Int, in db: Database) throws -> Int {
        try withdrawAll(where: "run_id = ?", runID, reason: "run cancelled", now: now, in: db)
    }

    /// The background job: cancels orders unpaid past their deadline, refunds paid orders the
    /// merchant did not accept in time, and completes orders delivered a day ago.
    static func closeOverdue(now: Int, in db: Database) throws {
        let unpaid = try db.query(
            ShopOrder.self, "SELECT \(ShopOrder.columns) FROM shop_orders WHERE status = ? AND pay_deadline <= ?",
            [ShopOrder.Status.pendingPayment, now])
        for order in unpaid { try cancel(order, now: now, in: db) }
        let unaccepted = try db.query(
            ShopOrder.self, "SELECT \(ShopOrder.columns) FROM shop_orders WHERE status = ? AND accept_deadline <= ?",
            [ShopOrder.Status.paid, now])
        for order in unaccepted { try refund(order, reason: "not accepted in time", now: now, in: db) }
        try db.run(
            """
            UPDATE shop_orders SET status = ?, completed_at = ?, closed_at = ? WHERE status = ? AND delivered_at <= ?
            """, [ShopOrder.Status.completed, now, now, ShopOrder.Status.delivered, now - ShopOrder.completionDelay])
    }

    private static func withdrawAll(where condition: String, _ value: Int64, reason: String, now: Int, in db: Database) throws -> Int {
        try openSeatOrders(where: condition, value, in: db).reduce(0) { count, order in
            count + (try withdraw(order, reason: reason, now: now, in: db) ? 1 : 0)
        }
    }

    /// The seat deliveries not yet delivered nor closed whose `condition` (a column and `= ?`) holds for `value`.
    static func openSeatOrders(where condition: String, _ value: Int64, in db: Database) throws -> [ShopOrder] {
        try db.query(
            ShopOrder.self,
            """
            SELECT \(ShopOrder.columns) FROM shop_orders
            WHERE delivery_kind = ? AND status IN (?, ?, ?) AND \(condition)
            """, [ShopOrder.DeliveryKind.seat, ShopOrder.Status.pendingPayment, ShopOrder.Status.paid, ShopOrder.Status.accepted, value])
    }

    /// Puts the quantities of the order's lines back into stock.
    private static func restock(orderID: Int64, in db: Database) throws {
        for line in try ShopOrder.lines(orderID: orderID, in: db) {
            try db.run("UPDATE products SET stock = stock + ? WHERE id = ?", [line.quantity, line.productID])
        }
    }
}
