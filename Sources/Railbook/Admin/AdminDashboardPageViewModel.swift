/// The sales dashboard (`admin/dashboard`): today's sales, tickets and revenue per travel date,
/// orders per status and the load of each train on the date asked for, as charts and tables.
struct AdminDashboardPageViewModel: Encodable {
    /// At most this many trains are drawn; the table lists them all.
    static let chartedTrains = 30

    /// Tickets and revenue of one travel date.
    struct Day: Encodable {
        let date: String
        let tickets: String
        let revenue: String
    }

    /// How many orders are in one status.
    struct OrderCount: Encodable {
        let status: String
        let statusText: String
        let count: String
    }

    /// How full one train is on the date shown.
    struct Load: Encodable {
        let train: String
        let tickets: String
        let seats: String
        /// Tickets per seat, `85%`.
        let percent: String
    }

    let today: String
    let soldTickets: String
    let soldRevenue: String
    let openComplaints: String
    /// The date field: the date asked for, empty when that was not a date (a date field can only
    /// hold a real date; the alert says why).
    let date: String
    /// The date the loads are for: the one asked for, else today.
    let shownDate: String
    /// Said when the date asked for was not a date.
    let alert: String?
    let ticketsChart: ChartViewModel
    let revenueChart: ChartViewModel
    let ordersChart: ChartViewModel
    let loadChart: ChartViewModel
    let days: [Day]
    let orders: [OrderCount]
    let hasLoads: Bool
    let loads: [Load]

    /// The dashboard on `today`, with the loads of `chosen` (nil when the date asked for was not a date: today's are shown).
    init(
        today: CivilDate, chosen: CivilDate?, sold: SalesDashboard.DayFigures, days: [SalesDashboard.DayFigures],
        orders: [(status: Order.Status, count: Int)], openComplaints: Int, loads: [SalesDashboard.TrainLoad], text: TextLookup
    ) {
        let date = chosen ?? today
        self.today = today.description
        soldTickets = String(sold.tickets)
        soldRevenue = Money.format(sold.revenueFen)
        self.openComplaints = String(openComplaints)
        self.date = chosen == nil ? "" : date.description
        shownDate = date.description
        alert = chosen == nil ? text("admin_dashboard_bad_date") : nil
        let dayLabel = { (day: CivilDate) in String(day.description.dropFirst(5)) }
        ticketsChart = ChartViewModel(
            Chart(
                id: "tickets-by-travel-date", title: text("admin_dashboard_tickets_chart"),
                bars: days.map { .init(label: dayLabel($0.date), value: $0.tickets) }, format: { String($0) }))
        revenueChart = ChartViewModel(
            Chart(
                id: "revenue-by-travel-date", title: text("admin_dashboard_revenue_chart"),
                bars: days.map { .init(label: dayLabel($0.date), value: $0.revenueFen) },
                format: { Money.format($0) }, style: .line))
        ordersChart = ChartViewModel(
            Chart(
                id: "orders-by-status", title: text("admin_dashboard_orders_chart"),
                bars: orders.map { .init(label: text(Self.statusKey($0.status)), value: $0.count) },
                format: { String($0) }))
        loadChart = ChartViewModel(
            Chart(
                id: "load-by-train", title: text("admin_dashboard_load_chart") + " " + date.description,
                bars: loads.prefix(Self.chartedTrains).map { .init(label: $0.train, value: $0.percent) },
                format: { "\($0)%" }))
        self.days = days.map { Day(date: $0.date.description, tickets: String($0.tickets), revenue: Money.format($0.revenueFen)) }
        self.orders = orders.map {
            OrderCount(status: $0.status.rawValue, statusText: text(Self.statusKey($0.status)), count: String($0.count))
        }
        hasLoads = !loads.isEmpty
        self.loads = loads.map { Load(train: $0.train, tickets: String($0.tickets), seats: String($0.seats), percent: "\($0.percent)%") }
    }

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
