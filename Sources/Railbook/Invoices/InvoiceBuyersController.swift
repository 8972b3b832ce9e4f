import HTTP
import Storage

/// `/me/invoice-buyers`: who the user's invoices are made out to (发票抬头) — people by name,
/// companies by name and unified social credit code (its check character checked) — added and
/// removed on one page. Only the user's own buyers can be reached; any other id is a 404.
struct InvoiceBuyersController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool

    func addRoutes(to group: MemberRoutes) {
        group.get("/me/invoice-buyers", use: index)
        group.post("/me/invoice-buyers", use: create)
        group.post("/me/invoice-buyers/:id/delete", use: delete)
    }

    func index(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let notices = [("saved", "invoice_buyers_notice_saved"), ("deleted", "invoice_buyers_notice_deleted")]
        return try render(InvoiceBuyer.Form(), FormErrors(), notice: notices.first { request.query[$0.0] != nil }?.1, &context, status: .ok)
    }

    func create(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let form = InvoiceBuyer.Form(form: request.form)
        let (problems, code) = form.check()
        guard problems.isEmpty, let kind = InvoiceBuyer.Kind(rawValue: form.kind) else {
            return try render(form, problems, &context, status: .unprocessableContent)
        }
        let user = context.user, now = context.now
        do {
            try database.write { try InvoiceBuyer.create(kind: kind, name: form.name, code: code, for: user.id, now: now, in: $0) }
        } catch is InvoiceBuyer.LimitReached {
            var errors = FormErrors()
            errors.add("name", "error_invoice_buyers_limit")
            return try render(form, errors, &context, status: .unprocessableContent)
        }
        return .redirect(to: SafePath.validated(request.form["back"], fallback: "/me/invoice-buyers?saved=1"))
    }

    func delete(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user, id = try context.parameters.require("id", as: Int64.self)
        guard try database.write({ try InvoiceBuyer.delete(id: id, userID: user.id, in: $0) }) else { throw HTTPError(.notFound) }
        return .redirect(to: "/me/invoice-buyers?deleted=1")
    }

    private func render(_ form: InvoiceBuyer.Form, _ errors: FormErrors, notice: String? = nil, _ context: inout MemberContext, status: Status)
        throws -> Response
    {
        let user = context.user
        let buyers = try database.read { try InvoiceBuyer.list(for: user.id, in: $0) }
        let page = InvoiceBuyersPageViewModel(buyers: buyers, form: form, errors: errors, notice: notice, text: renderer.texts(context))
        return try renderer.formPage("invoices/buyers", page, context: &context, status: status)
    }
}
