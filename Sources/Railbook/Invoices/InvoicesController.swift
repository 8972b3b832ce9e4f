import HTTP
import Storage

/// `/tickets/:id/invoice` and `/invoices/:id`: a traveller asks for the invoice of a ticket (the
/// fare after travel, or a fee kept), made out to one of their buyers, and reads it. Asking again
/// shows the one issued. Only the owner reaches a ticket or an invoice; any other id is a 404.
struct InvoicesController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway
    let settings: InvoiceSettings
    /// The site's address, for the verification link in the PDF's QR code.
    let site: SiteAddress

    func addRoutes(to group: MemberRoutes) {
        group.get("/tickets/:id/invoice", use: ask)
        group.post("/tickets/:id/invoice", use: issue)
        group.get("/invoices/:id", use: show)
        group.get("/invoices/:id/invoice.pdf", use: pdf)
    }

    func ask(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let (ticket, buyers, issued) = try load(context)
        if let issued { return .redirect(to: "/invoices/\(issued.id)") }
        return try render(ticket, buyers: buyers, problem: nil, &context, status: .ok)
    }

    /// Issues the invoice to the buyer chosen, numbered in the same transaction.
    func issue(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let (ticket, buyers, issued) = try load(context)
        if let issued { return .redirect(to: "/invoices/\(issued.id)") }
        let kind: Invoice.Kind
        switch TicketInvoice.kind(of: ticket, now: context.now, windowDays: settings.windowDays) {
        case .failure(let refusal): return try render(ticket, buyers: buyers, problem: refusal.messageKey, &context, status: .conflict)
        case .success(let found): kind = found
        }
        guard let buyer = buyers.first(where: { String($0.id) == request.form["buyer"] }) else {
            return try render(ticket, buyers: buyers, problem: "invoice_error_buyer", &context, status: .unprocessableContent)
        }
        let user = context.user, now = context.now, text = renderer.texts(context), permille = settings.taxPermille
        let invoice = try Invoice.issuingOnce(kind: kind, subject: Invoice.subject(ticketID: ticket.id), in: database) { db in
            let draft = try TicketInvoice.draft(ticket, kind: kind, buyer: buyer, userID: user.id, railway: railway, text: text, in: db)
            let invoice = try Invoice.issue(draft, taxPermille: permille, now: now, in: db)
            try InvoiceMail.queue(invoice, now: now, in: db)
            return invoice
        }
        return .redirect(to: "/invoices/\(invoice.id)")
    }

    func show(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let (invoice, cancels) = try ownInvoice(context)
        let page = InvoicePageViewModel(invoice, cancels: cancels, settings: settings, text: renderer.texts(context))
        return try renderer.page("invoices/invoice", page, context: context)
    }

    /// The invoice as an A4 PDF to download.
    func pdf(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let (invoice, cancels) = try ownInvoice(context)
        let page = InvoicePageViewModel(invoice, cancels: cancels, settings: settings, text: renderer.texts(context))
        let bytes = try InvoicePDF(page: page, verifyURL: site.url + page.verifyPath, text: renderer.texts(context)).render()
        var headers = Headers()
        headers.add("Content-Type", "application/pdf")
        headers.add("Content-Disposition", "attachment; filename=\"invoice-\(invoice.number).pdf\"")
        headers.add("Cache-Control", "no-store")
        return Response(status: .ok, headers: headers, body: bytes)
    }

    /// The user's invoice named by the path, and the number of the one it cancels; 404 for any other.
    private func ownInvoice(_ context: MemberContext) throws -> (Invoice, String?) {
        let user = context.user, id = try context.parameters.require("id", as: Int64.self)
        return try database.read { db in
            guard let invoice = try Invoice.find(id: id, userID: user.id, in: db) else { throw HTTPError(.notFound) }
            return (invoice, try invoice.cancelsInvoiceID.flatMap { try Invoice.find(id: $0, in: db)?.number })
        }
    }

    /// The user's ticket named by the path, their buyers, and the ticket's invoice if issued.
    private func load(_ context: MemberContext) throws -> (Ticket, [InvoiceBuyer], Invoice?) {
        let user = context.user, id = try context.parameters.require("id", as: Int64.self)
        return try database.read { db in
            guard let ticket = try Ticket.find(id: id, userID: user.id, in: db) else { throw HTTPError(.notFound) }
            let subject = Invoice.subject(ticketID: ticket.id)
            let issued = try Invoice.find(kind: ticket.status == .issued ? .ticket : .fee, subject: subject, in: db)
            return (ticket, try InvoiceBuyer.list(for: user.id, in: db), issued)
        }
    }

    private func render(_ ticket: Ticket, buyers: [InvoiceBuyer], problem: String?, _ context: inout MemberContext, status: Status) throws
        -> Response
    {
        let text = renderer.texts(context)
        let refusal: String?
        switch TicketInvoice.kind(of: ticket, now: context.now, windowDays: settings.windowDays) {
        case .failure(let reason): refusal = text(reason.messageKey)
        case .success: refusal = nil
        }
        let page = InvoiceAskPageViewModel(
            action: "/tickets/\(ticket.id)/invoice", subjectLine: ticket.passengerName, buyers: buyers, refusal: refusal,
            problem: problem.map { text($0) }, text: text)
        return try renderer.formPage("invoices/ask", page, context: &context, status: status)
    }
}
