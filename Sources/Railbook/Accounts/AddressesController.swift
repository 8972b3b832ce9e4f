import HTTP
import Storage

/// `/me/addresses`: the user's delivery addresses (收货地址): list, add, edit, make default, and
/// delete after a confirmation page. Only the user's own addresses can be reached; any other id is a 404.
struct AddressesController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool

    func addRoutes(to group: MemberRoutes) {
        group.get("/me/addresses", use: index)
        group.get("/me/addresses/new", use: new)
        group.post("/me/addresses", use: create)
        group.get("/me/addresses/:id/edit", use: edit)
        group.post("/me/addresses/:id", use: update)
        group.get("/me/addresses/:id/delete", use: confirmDelete)
        group.post("/me/addresses/:id/delete", use: delete)
        group.post("/me/addresses/:id/default", use: makeDefault)
    }

    func index(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let addresses = try database.read { try Address.list(for: user.id, in: $0) }
        let notices = [("saved", "notice_address_saved"), ("default", "notice_address_default"), ("deleted", "notice_address_deleted")]
        let noticeKey = notices.first { request.query[$0.0] != nil }?.1
        let summary = renderer.messages.text("addresses_summary", context.language, "\(addresses.count)/\(Address.limit)")
        let page = RecordListPageViewModel(
            records: addresses.map(AddressViewModel.init), summary: summary,
            addHref: "/me/addresses/new", canAdd: addresses.count < Address.limit,
            limitMessage: limitMessage(context), notice: noticeKey.map { renderer.text($0, context) })
        return try renderer.formPage("addresses/index", page, context: &context)
    }

    func new(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let count = try database.read { try Address.count(for: user.id, in: $0) }
        let alert = count >= Address.limit ? limitMessage(context) : nil
        return try renderForm(AddressForm(), FormErrors(), id: nil, alert: alert, request, &context, status: .ok)
    }

    func create(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let details = AddressForm(form: request.form)
        let problems = details.problems()
        guard problems.isEmpty else {
            return try renderForm(details, problems, id: nil, request, &context, status: .unprocessableContent)
        }
        do {
            _ = try database.write { try Address.create(details, for: user.id, now: context.now, in: $0) }
        } catch is Address.LimitReached {
            return try renderForm(
                details, FormErrors(), id: nil, alert: limitMessage(context), request, &context,
                status: .unprocessableContent)
        }
        return .redirect(to: "/me/addresses?saved=1")
    }

    func edit(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let address = try ownAddress(context)
        return try renderForm(AddressForm(address), FormErrors(), id: address.id, request, &context, status: .ok)
    }

    func update(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let address = try ownAddress(context)
        let details = AddressForm(form: request.form)
        let problems = details.problems()
        guard problems.isEmpty else {
            return try renderForm(details, problems, id: address.id, request, &context, status: .unprocessableContent)
        }
        let userID = context.user.id
        let updated = try database.write { try Address.update(id: address.id, with: details, userID: userID, in: $0) }
        guard updated else { throw HTTPError(.notFound) }
        return .redirect(to: "/me/addresses?saved=1")
    }

    func confirmDelete(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let address = try ownAddress(context)
        let question = renderer.messages.text("addresses_delete_question", context.language, address.recipient)
        let page = DeleteQuestionPageViewModel(recordKey: "address", record: AddressViewModel(address), question: question)
        return try renderer.formPage("addresses/delete", page, context: &context)
    }

    func delete(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let address = try ownAddress(context)
        let userID = context.user.id
        let deleted = try database.write { try Address.delete(id: address.id, userID: userID, in: $0) }
        guard deleted else { throw HTTPError(.notFound) }
        return .redirect(to: "/me/addresses?deleted=1")
    }

    func makeDefault(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let address = try ownAddress(context)
        let userID = context.user.id
        let changed = try database.write { try Address.makeDefault(id: address.id, userID: userID, in: $0) }
        guard changed else { throw HTTPError(.notFound) }
        return .redirect(to: "/me/addresses?default=1")
    }

    /// The current user's address named by the `:id` segment; 404 for anything else, another user's included.
    private func ownAddress(_ context: MemberContext) throws -> Address {
        try context.ownRecord(in: database) { id, userID, db in try Address.find(id: id, userID: userID, in: db) }
    }

    private func limitMessage(_ context: MemberContext) -> String {
        renderer.messages.text("error_addresses_full", context.language, count: Address.limit)
    }

    /// The add form (`id` nil) or the edit form, with the user's values, field messages and an `alert` for the whole form.
    private func renderForm(
        _ details: AddressForm, _ errors: FormErrors, id: Int64?, alert: String? = nil, _ request: Request,
        _ context: inout MemberContext, status: Status
    ) throws -> Response {
        let form = AccountFormFields(text: renderer.texts(context), errors: errors)
        let page = RecordFormPageViewModel(
            title: renderer.text(id == nil ? "addresses_new_title" : "addresses_edit_title", context),
            collection: "/me/addresses", id: id, fields: form.addressFields(details),
            errors: errors, alert: alert)
        return try renderer.formPage("addresses/form", page, context: &context, status: status)
    }
}
