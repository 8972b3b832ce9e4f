import HTTP
import Mustache
import SQLite

/// `/admin/dashboard`: tickets and revenue today and per travel date over the presale window,
/// orders by status, open complaints, and tickets per seat of each train on a chosen date
/// (`?date=YYYY-MM-DD`, today by default). Each chart is inline SVG followed by its table.
struct AdminDashboardController: Controller {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway

    /// Registers the route on the `admin` group.
    func addRoutes(to admin: RouteGroup<AppContext>) {
        admin.get("/dashboard") { request, context in try show(request, context) }
    }

    /// At most this many trains are drawn; the table lists them all.
    static let chartedTrains = 30

    func show(_ request: Request, _ context: AppContext) throws -> Response {
        let today = context.today
        let requested = request.query["date"].flatMap { $0.isEmpty ? nil : $0 }
        let chosen = requested.map { CivilDate(iso: $0) } ?? today
        let date = chosen ?? today
        let window = railway.presaleWindow(today: today)
        let (sold, days, orders, complaints, loads) = try database.read { db in
            (try SalesDashboard.soldOn(today, in: db), try SalesDashboard.byTravelDate(window, in: db),
             try SalesDashboard.ordersByStatus(in: db), try SalesDashboard.openComplaints(in: db),
             try SalesDashboard.loads(on: date, in: db))
        }
        let text = { (key: String) in renderer.text(key, context) }
        let dayLabel = { (day: CivilDate) in String(day.description.dropFirst(5)) }
        let ticketsChart = Chart(id: "tickets-by-travel-date", title: text("admin_dashboard_tickets_chart"),
                                    bars: days.map { .init(label: dayLabel($0.date), value: $0.tickets) }, format: { String($0) })
        let revenueChart = Chart(id: "revenue-by-travel-date", title: text("admin_dashboard_revenue_chart"),
                                    bars: days.map { .init(label: dayLabel($0.date), value: $0.revenueFen) }, format: { Money.format($0) },
                                 style: .line)
        let ordersChart = Chart(id: "orders-by-status", title: text("admin_dashboard_orders_chart"),
                                   bars: orders.map { .init(label: text("admin_dashboard_order_\($0.status.rawValue)"), value: $0.count) },
                                   format: { String($0) })
        let loadChart = Chart(id: "load-by-train", title: text("admin_dashboard_load_chart") + " " + date.description,
                                 bars: loads.prefix(Self.chartedTrains).map { .init(label: $0.train, value: $0.percent) },
                                 format: { "\($0)%" })
        return try renderer.page("admin/dashboard", [
            "today": .string(today.description),
            "soldTickets": .string(String(sold.tickets)),
            "soldRevenue": .string(Money.format(sold.revenueFen)),
            "openComplaints": .string(String(complaints)),
            // A date field can only hold a real date: a bad one leaves it empty, the alert says why.
            "date": .string(chosen == nil ? "" : date.description),
            "shownDate": .string(date.description),
            "alert": chosen == nil ? .string(text("admin_dashboard_bad_date")) : .null,
            "ticketsChart": ticketsChart.mustacheValue, "revenueChart": revenueChart.mustacheValue,
            "ordersChart": ordersChart.mustacheValue, "loadChart": loadChart.mustacheValue,
            "days": .list(days.map { day in
                .object(["date": .string(day.date.description), "tickets": .string(String(day.tickets)),
                         "revenue": .string(Money.format(day.revenueFen))])
            }),
            "orders": .list(orders.map { order in
                .object(["status": .string(order.status.rawValue), "statusText": .string(text("admin_dashboard_order_\(order.status.rawValue)")),
                         "count": .string(String(order.count))])
            }),
            "hasLoads": .bool(!loads.isEmpty),
            "loads": .list(loads.map { load in
                .object(["train": .string(load.train), "tickets": .string(String(load.tickets)), "seats": .string(String(load.seats)),
                         "percent": .string("\(load.percent)%")])
            }),
        ], context: context, status: chosen == nil ? .badRequest : .ok)
    }
}
