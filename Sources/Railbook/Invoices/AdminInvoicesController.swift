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
            date: date?.description ?? typedDate, number: number, problem: date == nil ? text("error_admin_invoices_date") : nil,
            invoices: invoices, text: text)
        return try renderer.page("admin/invoices", page, context: context, status: date == nil ? .badRequest : .ok)
    }
}

/// The invoices page of the back office (`admin/invoices`).
struct AdminInvoicesPageViewModel: Encodable {
    struct Row: Encodable {
        let number: String
        let kind: String
        let kindText: String
        let issued: String
        let buyer: String
        let amount: String
        let tax: String
    }

    let date: String
    let number: String
    let problem: String?
    let invoices: [Row]
    let hasInvoices: Bool

    init(date: String, number: String, problem: String?, invoices: [Invoice], text: TextLookup) {
        self.date = date
        self.number = number
        self.problem = problem
        self.invoices = invoices.map { invoice in
            Row(
                number: invoice.number, kind: invoice.kind.rawValue, kindText: text(invoice.kind.messageKey),
                issued: ChinaMoment(invoice.issuedAt).text,
                buyer: invoice.buyerName + (invoice.buyerCreditCode.map { " · " + $0 } ?? ""), amount: Money.format(invoice.amountFen),
                tax: Money.format(invoice.taxFen))
        }
        hasInvoices = !invoices.isEmpty
    }
}
