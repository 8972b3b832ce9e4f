import Secrets
import Storage

/// Why a checkout was refused; nothing was changed.
enum CheckoutError: Error, Equatable, Sendable {
    /// The cart has no counted lines.
    case emptyCart
    /// The shop takes no orders now.
    case shopClosed
    /// No seat or address was chosen, or the one sent is not the user's.
    case noDelivery
    /// The chosen ticket cannot take the delivery.
    case seat(SeatDelivery.Refusal)
    /// A standing ticket was chosen without one of its coaches to deliver to.
    case noCoach
    /// The product is no longer offered.
    case unavailable(LocalizedText)
    /// Fewer of the product are left than the cart holds.
    case outOfStock(LocalizedText)
}

/// Where a checkout sends the order, as checked for the user and the shop.
enum ShopDeliveryChoice: Sendable {
    /// To the seat of an eligible ticket.
    case seat(SeatDelivery)
    /// To `coach`, where the passenger of an eligible standing ticket stands (no seat number).
    case standing(SeatDelivery, coach: Int)
    /// To one of the user's addresses.
    case address(Address)
}

/// Turns the user's cart in one shop into a shop order, in one write transaction: every counted
/// line's stock is taken (any shortage rolls everything back), the order and its lines are
/// written, the cart is emptied and the payment is started.
enum Checkout {
    /// Places the order and returns it with the reference of its payment. Throws `CheckoutError`
    /// (the caller's transaction then rolls back, leaving stock and cart as they were).
    static func place(
        shop: Shop, userID: Int64, delivery: ShopDeliveryChoice, now: Int, holdSeconds: Int,
        in db: Database
    ) throws -> (order: ShopOrder, paymentReference: String) {
        guard shop.isOpen else { throw CheckoutError.shopClosed }
        guard let cart = try Cart.find(shopID: shop.id, owner: .user(userID), in: db), !cart.countedLines.isEmpty else {
            throw CheckoutError.emptyCart
        }
        for line in cart.countedLines {
            guard line.product.isAvailable else { throw CheckoutError.unavailable(line.product.name) }
            guard try Product.takeStock(id: line.product.id, quantity: line.quantity, in: db) else {
                throw CheckoutError.outOfStock(line.product.name)
            }
        }
        let id = try insertOrder(
            shop: shop, userID: userID, totalFen: cart.totalFen, delivery: delivery,
            payDeadline: now + holdSeconds, now: now, in: db)
        for (number, line) in zip(1..., cart.countedLines) {
            try db.run(
                """
                INSERT INTO shop_order_lines (order_id, line_number, product_id, name_zh, name_en, price_fen, quantity) VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    id, number, line.product.id, line.product.name.chinese, line.product.name.english,
                    line.product.priceFen, line.quantity,
                ])
        }
        try Cart.empty(id: cart.id, now: now, in: db)
        guard let order = try ShopOrder.find(id: id, in: db) else { throw CheckoutError.emptyCart }
        let reference = try PaymentStarter.start(
            purpose: .shopOrder, subjectID: id, amountFen: order.totalFen, userID: userID,
            returnTo: ShopOrderPaths.order(order.number), now: now, in: db)
        return (order, reference)
    }

    private static func insertOrder(
        shop: Shop, userID: Int64, totalFen: Int, delivery: ShopDeliveryChoice, payDeadline: Int,
        now: Int, in db: Database
    ) throws -> Int64 {
        var kind = ShopOrder.DeliveryKind.address
        var ticketID: Int64?, runID: Int64?, coach: String?, seat: String?, address: String?
        switch delivery {
        case .seat(let option):
            kind = .seat
            ticketID = option.ticket.id
            runID = option.ticket.runID
            coach = option.ticket.coachText
            seat = option.ticket.seatCode
        case .standing(let option, let number):
            kind = .seat
            ticketID = option.ticket.id
            runID = option.ticket.runID
            coach = Ticket.coachText(number)
        case .address(let chosen):
            address = [chosen.recipient, chosen.phone, chosen.region, chosen.detail, chosen.postcode]
                .filter { !$0.isEmpty }.joined(separator: " ")
        }
        return try db.insert(
            """
            INSERT INTO shop_orders (number, user_id, shop_id, status, total_fen, delivery_kind, ticket_id, run_id, coach, seat, address,
                                     created_at, pay_deadline)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            RETURNING id
            """,
            [
                try ShopOrderNumber.next(in: db), userID, shop.id, ShopOrder.Status.pendingPayment, totalFen,
                kind, ticketID, runID, coach, seat, address, now, payDeadline,
            ])
    }
}

/// Shop order numbers: `S` and ten random digits, unique.
enum ShopOrderNumber {
    static func next(in db: Database) throws -> String {
        while true {
            let number = "S" + (0..<10).map { _ in String(RandomNumber.uniform(10)) }.joined()
            if try db.queryOne("SELECT id FROM shop_orders WHERE number = ?", [number]) == nil { return number }
        }
    }
}

/// The addresses of the shop-order pages.
enum ShopOrderPaths {
    /// The list of the user's shop orders.
    static let list = "/shop/orders"
    /// The merchant's queue.
    static let merchant = "/shop/merchant"

    /// A shop order's page.
    static func order(_ number: String) -> String { "/shop/orders/" + number }

    /// A shop's checkout page.
    static func checkout(_ code: String) -> String { "/shop/\(code)/checkout" }
}
