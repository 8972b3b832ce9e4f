import HTTP
import Storage

/// `/complaints`: the user's complaints (投诉) about their ticket and shop orders — the list, the
/// form, filing, and one complaint's thread. Another user's complaint is a 404 (administrators see
/// every complaint's thread, with the desk's forms).
struct ComplaintsController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool

    private var page: ComplaintPage { ComplaintPage(renderer: renderer, database: database) }

    func addRoutes(to group: MemberRoutes) {
        group.get("/complaints", use: index)
        group.get("/complaints/new", use: new)
        group.post("/complaints", use: create)
        group.get("/complaints/:number", use: show)
    }

    func index(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let complaints = try database.read { try Complaint.list(for: user.id, in: $0) }
        let page = ComplaintsPageViewModel(complaints: complaints, text: renderer.texts(context))
        return try renderer.page("complaints/index", page, context: context)
    }

    /// The form; `order` preselects one of the user's orders (anything else is ignored).
    func new(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let wanted = request.query["order"] ?? ""
        let known = try database.read { try ComplaintSubject.find(number: wanted, userID: user.id, in: $0) }
        return try renderForm(ComplaintForm(orderNumber: known?.number ?? ""), FormErrors(), request, &context, status: .ok)
    }

    func create(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let details = ComplaintForm(form: request.form)
        let problems = details.problems(mobile: mobile(of: user))
        guard problems.isEmpty else {
            return try renderForm(details, problems, request, &context, status: .unprocessableContent)
        }
        let number: String
        do {
            number = try database.write { try Complaint.file(details, userID: user.id, now: context.now, in: $0) }
        } catch let problems as FormErrors {
            return try renderForm(details, problems, request, &context, status: .unprocessableContent)
        }
        return .redirect(to: "/complaints/\(number)?filed=1")
    }

    func show(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let complaint = try page.visibleComplaint(context.app)
        let notices = [
            ("filed", "notice_complaint_filed"), ("replied", "notice_complaint_replied"),
            ("staff_replied", "notice_complaint_staff_replied"), ("status_changed", "notice_complaint_status"),
        ]
        let state = ComplaintPage.State(noticeKey: notices.first { request.query[$0.0] != nil }?.1)
        return try page.render(complaint, state, request, &context)
    }

    /// The account's mobile number, nil when it has none.
    private func mobile(of user: User) -> String? {
        user.mobile.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The form with the user's values and field messages; without orders to choose, a note instead.
    private func renderForm(
        _ details: ComplaintForm, _ errors: FormErrors, _ request: Request, _ context: inout MemberContext,
        status: Status
    ) throws -> Response {
        let user = context.user
        let choices = try database.read { db in
            var choices = try ComplaintSubject.choices(for: user.id, in: db)
            // An order older than the list's recent ones stays choosable when it was asked for.
            if !choices.contains(where: { $0.number == details.orderNumber }),
                let chosen = try ComplaintSubject.find(number: details.orderNumber, userID: user.id, in: db)
            {
                choices.insert(chosen, at: 0)
            }
            return choices
        }
        let fields = ComplaintFormFields(text: renderer.texts(context), errors: errors)
            .fields(details, choices: choices, mobile: mobile(of: user))
        let page = ComplaintFormPageViewModel(form: FormPageViewModel(fields: fields, errors: errors), hasOrders: !choices.isEmpty)
        return try renderer.formPage("complaints/new", page, context: &context, status: status)
    }
}
