import Mustache
import Storage

/// A shop order as the order pages, the list and the merchant's queue show it.
struct ShopOrderViewModel: MustacheRenderable {
    let order: ShopOrder
    let shop: Shop?
    let lines: [ShopOrderLine]
    /// The train number and travel date of a seat delivery's run, when known.
    let trip: (train: String, date: String)?
    let messages: Messages
    let language: Language

    /// Reads what the page needs besides the order: its shop, lines and the run of a seat delivery.
    static func load(_ order: ShopOrder, messages: Messages, language: Language, in db: Database) throws -> ShopOrderViewModel {
        let trip = try order.runID.flatMap { try RunSchedule.trainAndDate(ofRun: $0, in: db) }
        return ShopOrderViewModel(order: order, shop: try Shop.find(id: order.shopID, in: db),
                                  lines: try ShopOrder.lines(orderID: order.id, in: db), trip: trip, messages: messages, language: language)
    }

    /// The values the templates read.
    var mustacheValue: MustacheValue {
        var object: MustacheObject = [
            "number": .string(order.number),
            "href": .string(ShopOrderPaths.order(order.number)),
            "status": .string(order.status.rawValue),
            "statusText": .string(text(order.status.messageKey)),
            "shopName": .string(shop?.name.text(language) ?? ""),
            "shopHref": .string(shop.map { ShopPaths.shop($0.code) } ?? "/shop"),
            "total": .string(Money.format(order.totalFen)),
            "totalFen": .int(order.totalFen),
            "created": .string(WaitlistViewModel.dateTime(order.createdAt)),
            "delivery": .string(deliveryText),
            "deliveryKind": .string(order.deliveryKind.rawValue),
            "lines": .list(lines.map { line in
                .object(["id": .string(String(line.productID)), "name": .string(line.name.text(language)),
                         "quantity": .int(line.quantity), "subtotal": .string(Money.format(line.subtotalFen))])
            }),
            "summary": .string(lines.map { "\($0.name.text(language)) × \($0.quantity)" }.joined(separator: "、")),
            "timeline": .list(timeline.map { .object(["step": .string($0.step), "label": .string($0.label), "time": .string($0.time)]) }),
            "isPendingPayment": .bool(order.status == .pendingPayment),
            "isPaid": .bool(order.status == .paid),
            "isAccepted": .bool(order.status == .accepted),
            "isDelivered": .bool(order.status == .delivered),
            "acceptDeadline": .string(order.acceptDeadline.map(WaitlistViewModel.dateTime) ?? ""),
        ]
        if order.status == .pendingPayment {
            let payBy = ChinaMoment(order.payDeadline)
            object["payBy"] = .string(payBy.text)
            object["payByDatetime"] = .string(payBy.datetime)
        }
        if let coach = order.coach {
            object["coach"] = .string(coach)
            object["seat"] = .string(order.seat.map { SeatNumber(code: $0)?.code ?? $0 } ?? "")
        }
        if let trip {
            object["train"] = .string(trip.train)
            object["date"] = .string(trip.date)
        }
        return .object(object)
    }

    /// "G101 2026-12-05 · Coach 05, seat 12F", "… · Coach 05, standing (no seat)" for a standing
    /// passenger (a coach and no seat), or the address.
    var deliveryText: String {
        switch order.deliveryKind {
        case .seat:
            let coach = order.coach ?? ""
            let seat = order.seat.flatMap(SeatNumber.init(code:))?.text(coach: coach, messages, language)
                ?? (order.seat == nil ? messages.text("seat_standing_in_coach", language, coach)
                    : messages.text("seat_format", language, arguments: [coach, order.seat ?? ""]))
            return trip.map { "\($0.train) \($0.date) · \(seat)" } ?? seat
        case .address:
            return order.address ?? ""
        }
    }

    /// Each step the order has been through, with its time.
    private var timeline: [(step: String, label: String, time: String)] {
        var steps: [(String, Int?)] = [("created", order.createdAt), ("paid", order.paidAt), ("accepted", order.acceptedAt),
                                        ("delivered", order.deliveredAt), ("completed", order.completedAt)]
        if order.status == .cancelled || order.status == .refunded { steps.append((order.status.rawValue, order.closedAt)) }
        return steps.compactMap { step, time in
            time.map { (step, text(Self.stepKey(step)), WaitlistViewModel.dateTime($0)) }
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

    private func text(_ key: String) -> String { messages.text(key, language) }
}
