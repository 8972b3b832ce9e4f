import HTTP
import Storage

/// The customer's shop orders: `/shop/orders` (newest first) and `/shop/orders/:number` (lines,
/// delivery, status timeline), with `POST …/pay` (back to the provider while pending payment),
/// `…/cancel` (while pending payment; the stock goes back) and `…/complete` (receipt confirmed
/// once delivered). Someone else's order, or an unknown number, is a 404.
struct ShopOrdersController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool

    func addRoutes(to group: MemberRoutes) {
        group.get("/shop/orders", use: index)
        group.get("/shop/orders/:number", use: show)
        group.post("/shop/orders/:number/pay", use: pay)
        group.post("/shop/orders/:number/cancel") { request, context in
            try change(request, &context, notice: "cancelled") { order, now, db in try ShopOrders.cancel(order, now: now, in: db) }
        }
        group.post("/shop/orders/:number/complete") { request, context in
            try change(request, &context, notice: "completed") { order, now, db in
                try ShopOrders.move(order.id, from: [.delivered], to: .completed, now: now, in: db)
            }
        }
    }

    func index(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let text = renderer.texts(context)
        let orders = try database.read { db in
            try ShopOrder.all(userID: user.id, in: db).map { try ShopOrderViewModel.load($0, text: text, in: db) }
        }
        return try renderer.page("shop/orders", ShopOrdersPageViewModel(orders: orders), context: context)
    }

    func show(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let order = try load(context)
        let text = renderer.texts(context)
        let model = try database.read { try ShopOrderViewModel.load(order, text: text, in: $0) }
        let notices = [
            "cancelled": "shop_order_notice_cancelled", "completed": "shop_order_notice_completed",
            "refused": "shop_order_notice_refused",
        ]
        let notice = notices.first { request.query["notice"] == $0.key }.map { text($0.value) }
        return try renderer.formPage("shop/order", ShopOrderPageViewModel(order: model, notice: notice), context: &context)
    }

    func pay(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let order = try load(context)
        let now = context.now
        let reference: String? = try database.write { db in
            guard let current = try ShopOrder.find(id: order.id, in: db), current.status == .pendingPayment, now < current.payDeadline else {
                return nil
            }
            return try PaymentStarter.start(
                purpose: .shopOrder, subjectID: current.id, amountFen: current.totalFen, userID: current.userID,
                returnTo: ShopOrderPaths.order(current.number), now: now, in: db)
        }
        guard let reference else { return .redirect(to: ShopOrderPaths.order(order.number) + "?notice=refused") }
        return .redirect(to: PaymentStarter.checkoutPath(reference))
    }

    /// Applies `body` to the user's order in one transaction and returns to its page, with the
    /// notice when it changed the order and `refused` when the order had moved on.
    private func change(
        _ request: Request, _ context: inout MemberContext, notice: String,
        _ body: (ShopOrder, Int, Database) throws -> Bool
    ) throws -> Response {
        let order = try load(context)
        let changed = try database.write { db in
            guard let current = try ShopOrder.find(id: order.id, in: db) else { return false }
            return try body(current, context.now, db)
        }
        return .redirect(to: ShopOrderPaths.order(order.number) + "?notice=" + (changed ? notice : "refused"))
    }

    private func load(_ context: MemberContext) throws -> ShopOrder {
        let user = context.user
        let number = try context.parameters.require("number")
        guard number.utf8.count <= 20, let order = try database.read({ try ShopOrder.find(number: number, userID: user.id, in: $0) }) else {
            throw HTTPError(.notFound)
        }
        return order
    }
}
