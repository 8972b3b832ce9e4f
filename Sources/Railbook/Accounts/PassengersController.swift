import HTTP
import Storage

/// `/me/passengers`: the user's saved passengers (常用联系人): list, add, edit, and delete after a
/// confirmation page. Only the user's own saved passengers can be reached; any other id, and the
/// account holder's own entry (which follows the profile), is a 404.
struct PassengersController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool
    /// The stations, whose cities student details name.
    let railway: Railway

    func addRoutes(to group: MemberRoutes) {
        group.get("/me/passengers", use: index)
        group.get("/me/passengers/new", use: new)
        group.post("/me/passengers", use: create)
        group.get("/me/passengers/:id/edit", use: edit)
        group.post("/me/passengers/:id", use: update)
        group.get("/me/passengers/:id/delete", use: confirmDelete)
        group.post("/me/passengers/:id/delete", use: delete)
    }

    func index(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let passengers = try database.read { try Passenger.list(for: user.id, in: $0) }
        let noticeKey =
            request.query["deleted"] != nil
            ? "notice_passenger_deleted"
            : request.query["saved"] != nil ? "notice_passenger_saved" : nil
        let text = renderer.texts(context)
        let summary = text("passengers_summary", "\(passengers.count)/\(Passenger.limit)")
        let page = RecordListPageViewModel(
            records: passengers.map { PassengerViewModel($0, text: text) }, summary: summary,
            addHref: "/me/passengers/new", canAdd: passengers.count < Passenger.limit,
            limitMessage: limitMessage(context), notice: noticeKey.map { renderer.text($0, context) })
        return try renderer.page("passengers/index", page, context: context)
    }

    func new(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let count = try database.read { try Passenger.count(for: user.id, in: $0) }
        let alert = count >= Passenger.limit ? limitMessage(context) : nil
        return try renderForm(PassengerForm(), FormErrors(), id: nil, alert: alert, request, &context, status: .ok)
    }

    func create(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let details = PassengerForm(form: request.form).resolved(in: railway.timetable)
        let problems = details.problems(in: railway.timetable, today: context.today)
        guard problems.isEmpty else {
            return try renderForm(details, problems, id: nil, request, &context, status: .unprocessableContent)
        }
        do {
            _ = try database.write { try Passenger.create(details, for: user.id, now: context.now, in: $0) }
        } catch let conflicts as FormErrors {
            return try renderForm(details, conflicts, id: nil, request, &context, status: .unprocessableContent)
        } catch is Passenger.LimitReached {
            return try renderForm(
                details, FormErrors(), id: nil, alert: limitMessage(context), request, &context,
                status: .unprocessableContent)
        }
        return .redirect(to: "/me/passengers?saved=1")
    }

    func edit(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let passenger = try savedPassenger(context)
        return try renderForm(PassengerForm(passenger), FormErrors(), id: passenger.id, request, &context, status: .ok)
    }

    func update(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let passenger = try savedPassenger(context)
        let details = PassengerForm(form: request.form).resolved(in: railway.timetable)
        let problems = details.problems(in: railway.timetable, today: context.today)
        guard problems.isEmpty else {
            return try renderForm(details, problems, id: passenger.id, request, &context, status: .unprocessableContent)
        }
        let userID = context.user.id
        do {
            let updated = try database.write { try Passenger.update(id: passenger.id, with: details, userID: userID, in: $0) }
            guard updated else { throw HTTPError(.notFound) }
        } catch let conflicts as FormErrors {
            return try renderForm(details, conflicts, id: passenger.id, request, &context, status: .unprocessableContent)
        }
        return .redirect(to: "/me/passengers?saved=1")
    }

    func confirmDelete(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let passenger = try savedPassenger(context)
        let text = renderer.texts(context)
        let page = DeleteQuestionPageViewModel(
            recordKey: "passenger", record: PassengerViewModel(passenger, text: text),
            question: text("passengers_delete_question", passenger.name))
        return try renderer.formPage("passengers/delete", page, context: &context)
    }

    func delete(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let passenger = try savedPassenger(context)
        let userID = context.user.id
        let deleted = try database.write { try Passenger.delete(id: passenger.id, userID: userID, in: $0) }
        guard deleted else { throw HTTPError(.notFound) }
        return .redirect(to: "/me/passengers?deleted=1")
    }

    /// The current user's saved passenger named by the `:id` segment; 404 for anything else,
    /// including another user's passenger and the account holder's own entry.
    private func savedPassenger(_ context: MemberContext) throws -> Passenger {
        try context.ownRecord(in: database) { id, userID, db in
            try Passenger.find(id: id, userID: userID, in: db).flatMap { $0.isAccountHolder ? nil : $0 }
        }
    }

    private func limitMessage(_ context: MemberContext) -> String {
        renderer.messages.text("error_passengers_full", context.language, count: Passenger.limit)
    }

    /// The add form (`id` nil) or the edit form, with the user's values, field messages and an `alert` for the whole form.
    private func renderForm(
        _ details: PassengerForm, _ errors: FormErrors, id: Int64?, alert: String? = nil, _ request: Request,
        _ context: inout MemberContext, status: Status
    ) throws -> Response {
        let form = AccountFormFields(text: renderer.texts(context), errors: errors)
        var page = RecordFormPageViewModel(
            title: renderer.text(id == nil ? "passengers_new_title" : "passengers_edit_title", context),
            collection: "/me/passengers", id: id, fields: form.passengerFields(details),
            errors: errors, alert: alert)
        page.studentFields = form.studentFields(details.travel)
        return try renderer.formPage("passengers/form", page, context: &context, status: status)
    }
}
