import HTTP
import Mustache
import SQLite

/// The merchant's desk (administrators only; anyone else gets a 404): `/shop/merchant` lists paid
/// orders waiting to be accepted (with accept and reject buttons) and accepted ones (with "mark
/// delivered"); `POST /shop/orders/:number/accept|reject|deliver` act on one and return to the desk.
/// A rejected order is refunded in full and its stock put back.
struct MerchantController {
    let renderer: PageRenderer
    let database: DatabasePool

    func addRoutes(to group: RouteGroup<AppContext>) {
        group.get("/shop/merchant") { request, context in try index(request, &context) }
        group.post("/shop/orders/:number/accept") { request, context in
            try act(request, context, notice: "accepted") { order, now, db in
                try ShopOrders.accept(order, now: now, in: db)
            }
        }
        group.post("/shop/orders/:number/reject") { request, context in
            try act(request, context, notice: "rejected") { order, now, db in
                order.status == .paid ? try ShopOrders.refund(order, reason: "rejected by merchant", now: now, in: db) : false
            }
        }
        group.post("/shop/orders/:number/deliver") { request, context in
            try act(request, context, notice: "delivered") { order, now, db in
                try ShopOrders.move(order.id, from: [.accepted], to: .delivered, now: now, in: db)
            }
        }
    }

    func index(_ request: Request, _ context: inout AppContext) throws -> Response {
        let language = context.language
        let (waiting, accepted) = try database.read { db in
            let load = { (order: ShopOrder) in
                try ShopOrderViewModel.load(order, messages: renderer.messages, language: language, in: db).mustacheValue
            }
            return (try ShopOrder.all(in: [.paid], in: db).map(load), try ShopOrder.all(in: [.accepted], in: db).map(load))
        }
        let notices = ["accepted": "merchant_notice_accepted", "rejected": "merchant_notice_rejected",
                       "delivered": "merchant_notice_delivered", "refused": "merchant_notice_refused"]
        let notice = notices.first { request.query["notice"] == $0.key }.map { renderer.text($0.value, context) }
        return try renderer.renderForm("shop/merchant", [
            "waiting": .list(waiting), "hasWaiting": .bool(!waiting.isEmpty),
            "accepted": .list(accepted), "hasAccepted": .bool(!accepted.isEmpty),
            "notice": notice.map(MustacheValue.string) ?? .null,
        ], request: request, context: &context)
    }

    private func act(_ request: Request, _ context: AppContext, notice: String,
                     _ body: (ShopOrder, Int, Database) throws -> Bool) throws -> Response {
        let number = context.parameters["number"] ?? ""
        let changed = try database.write { db in
            guard number.utf8.count <= 20, let order = try ShopOrder.find(number: number, in: db) else { throw HTTPError(.notFound) }
            return try body(order, ChinaTime.now(), db)
        }
        return .redirect(to: ShopOrderPaths.merchant + "?notice=" + (changed ? notice : "refused"))
    }
}
