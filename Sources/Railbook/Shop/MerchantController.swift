import HTTP
import Storage

/// The merchant's desk (administrators only; anyone else gets a 404): `/shop/merchant` lists paid
/// orders waiting to be accepted (with accept and reject buttons) and accepted ones (with "mark
/// delivered"); `POST /shop/orders/:number/accept|reject|deliver` act on one and return to the desk.
/// A rejected order is refunded in full and its stock put back.
struct MerchantController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway

    func addRoutes(to group: AdminRoutes) {
        group.get("/shop/merchant", use: index)
        group.post("/shop/orders/:number/accept") { request, context in
            try act(request, context, action: "accept") { order, now, db in
                try ShopOrders.accept(order, now: now, in: db) ? .accepted : nil
            }
        }
        group.post("/shop/orders/:number/reject") { request, context in
            try act(request, context, action: "reject") { order, now, db in
                guard order.status == .paid else { return nil }
                return try ShopOrders.refund(order, reason: "rejected by merchant", now: now, in: db) ? .refunded : nil
            }
        }
        group.post("/shop/orders/:number/deliver") { request, context in
            try act(request, context, action: "deliver") { order, now, db in
                if let deliverability = try order.deliverability(timetable: railway.timetable, in: db), now < deliverability.from {
                    throw TooEarly()
                }
                return try ShopOrders.move(order.id, from: [.accepted], to: .delivered, now: now, in: db) ? .delivered : nil
            }
        }
    }

    func index(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let text = renderer.texts(context)
        let (waiting, accepted) = try database.read { db in
            let accepted = try ShopOrder.all(in: [.accepted], in: db).map { order in
                (
                    order: try ShopOrderViewModel.load(order, text: text, in: db),
                    deliverability: try order.deliverability(timetable: railway.timetable, in: db)
                )
            }
            return (try ShopOrder.all(in: [.paid], in: db).map { try ShopOrderViewModel.load($0, text: text, in: db) }, accepted)
        }
        let notices = [
            "accepted": "merchant_notice_accepted", "rejected": "merchant_notice_rejected",
            "delivered": "merchant_notice_delivered", "refused": "merchant_notice_refused",
        ]
        let notice = notices.first { request.query["notice"] == $0.key }.map { text($0.value) }
        let problem = request.query["notice"] == "too_early" ? text("merchant_notice_too_early") : nil
        let page = MerchantPageViewModel(
            waiting: waiting, accepted: accepted, notice: notice, problem: problem, now: context.now,
            timetable: railway.timetable, text: text)
        return try renderer.formPage("shop/merchant", page, context: &context)
    }

    /// Marking delivered before the train has left the supplying station.
    private struct TooEarly: Error {}

    /// Runs one merchant action on the order in a write transaction, with its audit entry;
    /// `body` returns the status the order moved to, or nil when it had moved on.
    private func act(
        _ request: Request, _ context: AdminContext, action: String,
        _ body: (ShopOrder, Int, Database) throws -> ShopOrder.Status?
    ) throws -> Response {
        let admin = context.user
        let number = try context.parameters.require("number")
        let notices: [String: String] = ["accept": "accepted", "reject": "rejected", "deliver": "delivered"]
        do {
            let changed = try database.write { db -> Bool in
                guard number.utf8.count <= 20, let order = try ShopOrder.find(number: number, in: db) else { throw HTTPError(.notFound) }
                let now = context.now
                guard let status = try body(order, now, db) else { return false }
                try AuditLog.record(
                    userID: admin.id, action: "shop_order." + action, subject: "shop_order \(order.number)",
                    before: "status=\(order.status.rawValue)", after: "status=\(status.rawValue)", now: now, in: db)
                return true
            }
            return .redirect(to: ShopOrderPaths.merchant + "?notice=" + (changed ? notices[action] ?? "refused" : "refused"))
        } catch is TooEarly {
            return .redirect(to: ShopOrderPaths.merchant + "?notice=too_early")
        }
    }
}
