import HTTP
import Storage

/// `GET /orders`: the user's orders in three tabs (unpaid, upcoming trips, history), newest first,
/// ten a page. A tab or page the address gets wrong falls back to the default tab or page 1.
struct OrdersListController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway

    func addRoutes(to group: MemberRoutes) {
        group.get("/orders", use: index)
    }

    func index(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let listing = OrderListing(userID: user.id, now: context.now)
        let (selection, orders, runs, money) = try database.read { db in
            let counts = try listing.counts(in: db)
            let tab = request.query["tab"].flatMap(OrderTab.init(rawValue:)) ?? OrderListing.defaultTab(counts)
            let pageCount = max(1, ((counts[tab] ?? 0) + OrderListing.pageSize - 1) / OrderListing.pageSize)
            let page = request.query["page"].flatMap { Int($0) }.flatMap { (1...pageCount).contains($0) ? $0 : nil } ?? 1
            let orders = try listing.page(page, of: tab, in: db)
            let runs = try TicketTrip.runs(of: orders.flatMap(\.tickets), in: db)
            var money: [Int64: OrderMoney] = [:]
            for (order, tickets) in orders { money[order.id] = try OrderMoney.load(order, tickets: tickets, in: db) }
            return (OrdersListViewModel.Selection(tab: tab, page: page, pageCount: pageCount, counts: counts), orders, runs, money)
        }
        let page = OrdersListViewModel(
            selection, orders: orders, runs: runs, money: money, now: context.now, timetable: railway.timetable,
            text: renderer.texts(context))
        return try renderer.page("booking/orders", page, context: context)
    }
}
