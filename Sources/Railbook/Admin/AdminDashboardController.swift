import HTTP
import Storage

/// `/admin/dashboard`: tickets and revenue today and per travel date over the presale window,
/// orders by status, open complaints, and tickets per seat of each train on a chosen date
/// (`?date=YYYY-MM-DD`, today by default). Each chart is inline SVG followed by its table.
struct AdminDashboardController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway

    /// Registers the route on the `admin` group.
    func addRoutes(to admin: AdminRoutes) {
        admin.get("/dashboard", use: show)
    }

    func show(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let today = context.today
        let requested = request.query["date"].flatMap { $0.isEmpty ? nil : $0 }
        let chosen = requested.map { CivilDate(iso: $0) } ?? today
        let date = chosen ?? today
        let window = railway.presaleWindow(today: today)
        let (sold, days, orders, complaints, loads) = try database.read { db in
            (
                try SalesDashboard.soldOn(today, in: db), try SalesDashboard.byTravelDate(window, in: db),
                try SalesDashboard.ordersByStatus(in: db), try SalesDashboard.openComplaints(in: db),
                try SalesDashboard.loads(on: date, in: db)
            )
        }
        let page = AdminDashboardPageViewModel(
            today: today, chosen: chosen, sold: sold, days: days, orders: orders,
            openComplaints: complaints, loads: loads, text: renderer.texts(context))
        return try renderer.page("admin/dashboard", page, context: context, status: chosen == nil ? .badRequest : .ok)
    }
}
