import Storage

/// A shop order as the order pages, the list and the merchant's desk show it.
struct ShopOrderViewModel: Encodable {
    /// One line of the order.
    struct Line: Encodable {
        let id: String
        let name: String
        let quantity: Int
        let subtotal: String
    }

    /// One step the order has been through, with its time.
    struct Step: Encodable {
        /// `created`, `paid`, `accepted`, `delivered`, `completed`, `cancelled` or `refunded`.
        let step: String
        let label: String
        let time: String
    }

    let number: String
    let href: String
    let status: String
    let statusText: String
    let shopName: String
    let shopHref: String
    let total: String
    let totalFen: Int
    let created: String
    /// "G101 2026-12-05 · Coach 05, seat 12F", "… · Coach 05, standing (no seat)", or the address.
    let delivery: String
    let deliveryKind: String
    let lines: [Line]
    /// "盒饭 × 2、矿泉水 × 1".
    let summary: String
    let timeline: [Step]
    let isPendingPayment: Bool
    let isPaid: Bool
    let isAccepted: Bool
    let isDelivered: Bool
    /// Delivered or completed: a receipt can be asked for (`ReceiptsController`).
    let hasReceipt: Bool
    /// When the merchant must have accepted it by; empty before it is paid.
    let acceptDeadline: String
    /// While it waits for payment: the deadline, as text and for `<time datetime>`.
    let payBy: String?
    let payByDatetime: String?
    /// The coach and seat of a delivery to a seat (the seat empty for a standing passenger).
    let coach: String?
    let seat: String?
    /// The train number and travel date of a seat delivery's run, when known.
    let train: String?
    let date: String?
    /// On the merchant's desk, from when an accepted order can be delivered, while that is still
    /// ahead; nil elsewhere.
    var deliverableFrom: String? = nil

    /// Reads what the page needs besides the order (its shop, lines and the run of a seat
    /// delivery) and makes the order's view-model in the language of `text`.
    static func load(_ order: ShopOrder, text: TextLookup, in db: Database) throws -> ShopOrderViewModel {
        let trip = try order.runID.flatMap { try RunSchedule.trainAndDate(ofRun: $0, in: db) }
        return ShopOrderViewModel(
            order: order, shop: try Shop.find(id: order.shopID, in: db),
            lines: try ShopOrder.lines(orderID: order.id, in: db), trip: trip, text: text)
    }

    /// `order` of `shop` with its `lines`; `trip` is the train number and travel date of a seat
    /// delivery's run, when known.
    init(order: ShopOrder, shop: Shop?, lines: [ShopOrderLine], trip: (train: String, date: String)?, text: TextLookup) {
        let language = text.language
        number = order.number
        href = ShopOrderPaths.order(order.number)
        status = order.status.rawValue
        statusText = text(order.status.messageKey)
        shopName = shop?.name.text(language) ?? ""
        shopHref = shop.map { ShopPaths.shop($0.code) } ?? "/shop"
        total = Money.format(order.totalFen)
        totalFen = order.totalFen
        created = WaitlistViewModel.dateTime(order.createdAt)
        delivery = Self.delivery(order, trip: trip, text: text)
        deliveryKind = order.deliveryKind.rawValue
        self.lines = lines.map { line in
            Line(
                id: String(line.productID), name: line.name.text(language), quantity: line.quantity,
                subtotal: Money.format(line.subtotalFen))
        }
        summary = lines.map { "\($0.name.text(language)) × \($0.quantity)" }.joined(separator: "、")
        timeline = Self.timeline(order, text: text)
        isPendingPayment = order.status == .pendingPayment
        isPaid = order.status == .paid
        isAccepted = order.status == .accepted
        isDelivered = order.status == .delivered
        hasReceipt = ReceiptsController.isReceiptable(order)
        acceptDeadline = order.acceptDeadline.map(WaitlistViewModel.dateTime) ?? ""
        let payBy = order.status == .pendingPayment ? ChinaMoment(order.payDeadline) : nil
        self.payBy = payBy?.text
        payByDatetime = payBy?.datetime
        coach = order.coach
        seat = order.coach == nil ? nil : order.seat.map { SeatNumber(code: $0)?.code ?? $0 } ?? ""
        train = trip?.train
        date = trip?.date
    }

    /// "G101 2026-12-05 · Coach 05, seat 12F", "… · Coach 05, standing (no seat)" for a standing
    /// passenger (a coach and no seat), or the address.
    private static func delivery(_ order: ShopOrder, trip: (train: String, date: String)?, text: TextLookup) -> String {
        switch order.deliveryKind {
        case .seat:
            let coach = order.coach ?? ""
            let seat =
                order.seat.flatMap(SeatNumber.init(code:))?.text(coach: coach, text.messages, text.language)
                ?? (order.seat == nil ? text("seat_standing_in_coach", coach) : text("seat_format", coach, order.seat ?? ""))
            return trip.map { "\($0.train) \($0.date) · \(seat)" } ?? seat
        case .address:
            return order.address ?? ""
        }
    }

    /// Each step the order has been through, with its time.
    private static func timeline(_ order: ShopOrder, text: TextLookup) -> [Step] {
        var steps: [(String, Int?)] = [
            ("created", order.createdAt), ("paid", order.paidAt), ("accepted", order.acceptedAt),
            ("delivered", order.deliveredAt), ("completed", order.completedAt),
        ]
        if order.status == .cancelled || order.status == .refunded { steps.append((order.status.rawValue, order.closedAt)) }
        return steps.compactMap { step, time in
            time.map { Step(step: step, label: text(stepKey(step)), time: WaitlistViewModel.dateTime($0)) }
        }
    }

    private static func stepKey(_ step: String) -> String {
        switch step {
        case "created": "shop_order_step_created"
        case "paid": "shop_order_step_paid"
        case "accepted": "shop_order_step_accepted"
        case "delivered": "shop_order_step_delivered"
        case "completed": "shop_order_step_completed"
        case "cancelled": "shop_order_step_cancelled"
        default: "shop_order_step_refunded"
        }
    }
}
