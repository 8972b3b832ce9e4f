import HTTP
import Storage

/// `/admin/invoices`: the invoices issued on a day (today by default), by number, or those whose
/// number holds the digits asked for. Administrators only. (The CSV is one of the exports.)
struct AdminInvoicesController: AdminController {
    let renderer: PageRenderer
    let database: DatabasePool

    func addRoutes(to admin: AdminRoutes) {
        admin.get("/invoices", use: index)
    }

    func index(_ request: Request, _ context: inout AdminContext) throws -> Response {
        let typedDate = request.query["date"] ?? "", number = String((request.query["number"] ?? "").trimmed.prefix(20))
        let date = typedDate.isEmpty ? context.today : CivilDate(iso: typedDate)
        let invoices = try date.map { day in try database.read { try Invoice.list(on: day, number: number, in: $0) } } ?? []
        let text = renderer.texts(context)
        let page = AdminInvoicesPageViewModel(
            date: date?.description ?? "", number: number, problem: date == nil ? text("error_admin_invoices_date") : nil,
            invoices: invoices, text: text)
        return try renderer.page("admin/invoices", page, context: context, status: date == nil ? .badRequest : .ok)
    }
}
