import HTTP
import Storage

/// `/shop/orders/:number/receipt`: the receipt of a shop order once it was delivered, made out to
/// one of the user's buyers, numbered like any invoice; asking again shows the one issued. Another
/// user's order is a 404.
struct ReceiptsController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool
    let settings: InvoiceSettings

    func addRoutes(to group: MemberRoutes) {
        group.get("/shop/orders/:number/receipt", use: ask)
        group.post("/shop/orders/:number/receipt", use: issue)
    }

    func ask(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let (order, buyers, issued) = try load(context)
        if let issued { return .redirect(to: "/invoices/\(issued.id)") }
        return try render(order, buyers: buyers, problem: nil, &context, status: .ok)
    }

    func issue(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let (order, buyers, issued) = try load(context)
        if let issued { return .redirect(to: "/invoices/\(issued.id)") }
        guard Self.isReceiptable(order) else { return try render(order, buyers: buyers, problem: nil, &context, status: .conflict) }
        guard let buyer = buyers.first(where: { String($0.id) == request.form["buyer"] }) else {
            return try render(order, buyers: buyers, problem: "invoice_error_buyer", &context, status: .unprocessableContent)
        }
        let user = context.user, now = context.now, language = context.language, permille = settings.receiptTaxPermille
        let invoice = try Invoice.issuingOnce(kind: .receipt, subject: Self.subject(order), in: database) { db in
            let lines = try ShopOrder.lines(orderID: order.id, in: db).map { "\($0.name.text(language)) × \($0.quantity)" }
            let draft = Invoice.Draft(
                kind: .receipt, subject: Self.subject(order), userID: user.id, buyer: buyer.copy, amountFen: order.totalFen,
                description: order.number + ": " + lines.joined(separator: ", "))
            let invoice = try Invoice.issue(draft, taxPermille: permille, now: now, in: db)
            try InvoiceMail.queue(invoice, now: now, in: db)
            return invoice
        }
        return .redirect(to: "/invoices/\(invoice.id)")
    }

    /// A shop order gets its receipt once it was delivered.
    static func isReceiptable(_ order: ShopOrder) -> Bool { order.status == .delivered || order.status == .completed }

    private static func subject(_ order: ShopOrder) -> String { "shop:\(order.id)" }

    private func load(_ context: MemberContext) throws -> (ShopOrder, [InvoiceBuyer], Invoice?) {
        let user = context.user, number = context.parameters["number"] ?? ""
        return try database.read { db in
            guard let order = try ShopOrder.find(number: number, userID: user.id, in: db) else { throw HTTPError(.notFound) }
            return (order, try InvoiceBuyer.list(for: user.id, in: db), try Invoice.find(kind: .receipt, subject: Self.subject(order), in: db))
        }
    }

    private func render(_ order: ShopOrder, buyers: [InvoiceBuyer], problem: String?, _ context: inout MemberContext, status: Status) throws
        -> Response
    {
        let text = renderer.texts(context)
        let page = InvoiceAskPageViewModel(
            action: "/shop/orders/\(order.number)/receipt", subjectLine: order.number, buyers: buyers,
            refusal: Self.isReceiptable(order) ? nil : text("receipt_refused_not_delivered"), problem: problem.map { text($0) }, text: text)
        return try renderer.formPage("invoices/ask", page, context: &context, status: status)
    }
}
