import HTTP
import Storage

/// `/invoices/verify/:code`: the link in an invoice's QR code, for anyone (an accounts department
/// checking it): confirms the number, amount and date of issue, and nothing personal; an unknown
/// code is a 404.
struct InvoiceVerificationController: Controller {
    let renderer: PageRenderer
    let database: DatabasePool

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/invoices/verify/:code", use: verify)
    }

    func verify(_ request: Request, _ context: inout AppContext) throws -> Response {
        let code = context.parameters["code"] ?? ""
        guard let invoice = try database.read({ try Invoice.find(verifyCode: code, in: $0) }) else { throw HTTPError(.notFound) }
        let page = InvoiceVerificationPageViewModel(
            number: invoice.number, amount: Money.format(invoice.amountFen), issued: ChinaTime.date(at: invoice.issuedAt).description)
        return try renderer.page("invoices/verify", page, context: context)
    }
}

/// What the verification page confirms (`invoices/verify`).
struct InvoiceVerificationPageViewModel: Encodable {
    let number: String
    let amount: String
    let issued: String
}
