import Mustache

/// The sales dashboard (`admin/dashboard`): today's sales, tickets and revenue per travel date,
/// orders per status and the load of each train on the date asked for, as charts and tables.
struct AdminDashboardPageViewModel: MustacheRenderable {
    /// At most this many trains are drawn; the table lists them all.
    static let chartedTrains = 30

    let today: CivilDate
    /// The date asked for, or nil when the one asked for was not a date (the page then says so).
    let chosen: CivilDate?
    let sold: SalesDashboard.DayFigures
    let days: [SalesDashboard.DayFigures]
    let orders: [(status: Order.Status, count: Int)]
    let openComplaints: Int
    let loads: [SalesDashboard.TrainLoad]
    let renderer: PageRenderer
    let context: AppContext

    /// The date the loads are for: the one asked for, else today.
    var date: CivilDate { chosen ?? today }

    var mustacheValue: MustacheValue {
        let charts = self.charts
        return .object([
            "today": .string(today.description),
            "soldTickets": .string(String(sold.tickets)),
            "soldRevenue": .string(Money.format(sold.revenueFen)),
            "openComplaints": .string(String(openComplaints)),
            // A date field can only hold a real date: a bad one leaves it empty, the alert says why.
            "date": .string(chosen == nil ? "" : date.description),
            "shownDate": .string(date.description),
            "alert": chosen == nil ? .string(text("admin_dashboard_bad_date")) : .null,
            "ticketsChart": charts.tickets.mustacheValue, "revenueChart": charts.revenue.mustacheValue,
            "ordersChart": charts.orders.mustacheValue, "loadChart": charts.load.mustacheValue,
            "days": .list(days.map { day in
                .object(["date": .string(day.date.description), "tickets": .string(String(day.tickets)),
                         "revenue": .string(Money.format(day.revenueFen))])
            }),
            "orders": .list(orders.map { order in
                .object(["status": .string(order.status.rawValue), "statusText": .string(text(Self.statusKey(order.status))),
                         "count": .string(String(order.count))])
            }),
            "hasLoads": .bool(!loads.isEmpty),
            "loads": .list(loads.map { load in
                .object(["train": .string(load.train), "tickets": .string(String(load.tickets)), "seats": .string(String(load.seats)),
                         "percent": .string("\(load.percent)%")])
            }),
        ])
    }

    private var charts: (tickets: Chart, revenue: Chart, orders: Chart, load: Chart) {
        let dayLabel = { (day: CivilDate) in String(day.description.dropFirst(5)) }
        let tickets = Chart(id: "tickets-by-travel-date", title: text("admin_dashboard_tickets_chart"),
                            bars: days.map { .init(label: dayLabel($0.date), value: $0.tickets) }, format: { String($0) })
        let revenue = Chart(id: "revenue-by-travel-date", title: text("admin_dashboard_revenue_chart"),
                            bars: days.map { .init(label: dayLabel($0.date), value: $0.revenueFen) }, format: { Money.format($0) },
                            style: .line)
        let orders = Chart(id: "orders-by-status", title: text("admin_dashboard_orders_chart"),
                           bars: self.orders.map { .init(label: text(Self.statusKey($0.status)), value: $0.count) },
                           format: { String($0) })
        let load = Chart(id: "load-by-train", title: text("admin_dashboard_load_chart") + " " + date.description,
                         bars: loads.prefix(Self.chartedTrains).map { .init(label: $0.train, value: $0.percent) },
                         format: { "\($0)%" })
        return (tickets, revenue, orders, load)
    }

    private func text(_ key: String) -> String { renderer.text(key, context) }

    /// A status as the dashboard's table and chart name it (withdrawn and displaced orders are not counted there).
    private static func statusKey(_ status: Order.Status) -> String {
        switch status {
        case .unpaid: "admin_dashboard_order_unpaid"
        case .paid: "admin_dashboard_order_paid"
        case .cancelled: "admin_dashboard_order_cancelled"
        case .expired: "admin_dashboard_order_expired"
        case .refunded: "admin_dashboard_order_refunded"
        case .withdrawn, .displaced: status.messageKey
        }
    }
}
