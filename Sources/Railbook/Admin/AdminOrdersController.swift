import HTTP
import Mustache
import Storage

/// `/admin/orders/:number`: any traveller's ticket order or shop order as the back office sees it,
/// read-only — the order with its tickets or lines, who placed it, every payment started for it,
/// its refunds and the complaints about it. The complaint desk links here; an unknown number is a 404.
struct AdminOrdersController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway

    /// The back office's page of the order numbered `number`, ticket or shop order.
    static func path(_ number: String) -> String { "/admin/orders/" + PercentEncoding.encode(number) }

    /// Registers the routes on the `admin` group.
    func addRoutes(to admin: AdminRoutes) {
        admin.get("/orders/:number", use: show)
    }

    func show(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let number = try context.parameters.require("number")
        guard (1...20).contains(number.utf8.count) else { throw HTTPError(.notFound) }
        if let page = try ticketOrder(number, context) { return try renderer.page("admin/order", page, context: context) }
        if let page = try shopOrder(number, context) { return try renderer.page("admin/shop_order", page, context: context) }
        throw HTTPError(.notFound)
    }

    /// The page of the ticket order numbered `number`, or nil when there is none.
    private func ticketOrder(_ number: String, _ context: AdminContext) throws -> AdminOrderPageViewModel? {
        try database.read { db in
            guard let order = try Order.find(number: number, in: db) else { return nil }
            let tickets = try Ticket.all(orderID: order.id, in: db)
            let text = renderer.texts(context)
            let shown = OrderShowPageViewModel(
                order, tickets: tickets, carried: try CarriedChild.byTicket(orderID: order.id, in: db),
                runs: try TicketTrip.runs(of: tickets, in: db),
                money: try OrderMoney.load(order, tickets: tickets, in: db),
                payment: try Payment.latest(purpose: .ticketOrder, subjectID: order.id, in: db),
                query: Parameters(), now: context.now,
                connection: try OrderConnection.of(orderID: order.id, timetable: railway.timetable, in: db),
                seatChange: try OrderSeatChange.of(orderID: order.id, tickets: tickets, timetable: railway.timetable, in: db),
                timetable: railway.timetable,
                text: text)
            return AdminOrderPageViewModel(
                order: shown, createdAt: order.createdAt,
                file: try AdminOrderFile.load(.ticketOrder, orderID: order.id, userID: order.userID, in: db),
                text: text)
        }
    }

    /// The page of the shop order numbered `number`, or nil when there is none.
    private func shopOrder(_ number: String, _ context: AdminContext) throws -> AdminShopOrderPageViewModel? {
        try database.read { db in
            guard let order = try ShopOrder.find(number: number, in: db) else { return nil }
            let text = renderer.texts(context)
            return AdminShopOrderPageViewModel(
                order: try ShopOrderViewModel.load(order, text: text, in: db),
                file: AdminOrderFileViewModel(try AdminOrderFile.load(.shopOrder, orderID: order.id, userID: order.userID, in: db), text: text))
        }
    }
}
