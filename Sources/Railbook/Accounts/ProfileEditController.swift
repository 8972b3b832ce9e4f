import HTTP
import Storage

/// `/me/edit`: the user changes their own details; a new identity document also needs their password.
struct ProfileEditController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool
    let passwords: PasswordChecks
    /// The stations, whose cities student details name.
    let railway: Railway

    func addRoutes(to group: MemberRoutes) {
        group.get("/me/edit", use: show)
        group.post("/me/edit", use: update)
    }

    func show(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let holder = try database.read { try Passenger.accountHolder(of: user.id, in: $0) }
        return try renderForm(ProfileEdit(user: user, holder: holder), FormErrors(), request, &context, status: .ok)
    }

    /// Saves the details; a new document first has the current password checked on a password thread.
    func update(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        var edit = ProfileEdit(form: request.form)
        edit.travel = edit.travel.resolved(in: railway.timetable)
        let problems = edit.problems(for: user, timetable: railway.timetable, today: context.today)
        guard edit.changesCertificate(of: user), problems["current_password"] == nil else {
            return try save(edit, for: user, problems: problems, request, &context)
        }
        guard let slot = passwords.slot() else {
            var busy = problems
            busy.add("current_password", "error_password_checks_busy")
            var response = try renderForm(edit, busy, request, &context, status: .serviceUnavailable)
            response.headers.set("Retry-After", String(LoginController.busyRetrySeconds))
            return response
        }
        let checked = edit
        return passwords.respond(with: slot, request, context) { request, context in
            let edit = checked
            var problems = problems
            if let problem = try CurrentPassword.problem(edit.currentPassword, of: user, now: context.now, in: database) {
                problems.add("current_password", problem)
            }
            return try save(edit, for: user, problems: problems, request, &context)
        }
    }

    private func save(
        _ edit: ProfileEdit, for user: User, problems: FormErrors, _ request: Request,
        _ context: inout MemberContext
    ) throws -> Response {
        guard problems.isEmpty else {
            return try renderForm(edit, problems, request, &context, status: .unprocessableContent)
        }
        let now = context.now
        do {
            try database.write { try edit.save(for: user, now: now, in: $0) }
        } catch let conflicts as FormErrors {
            return try renderForm(edit, conflicts, request, &context, status: .unprocessableContent)
        }
        return .redirect(to: "/me?saved=1")
    }

    private func renderForm(
        _ edit: ProfileEdit, _ errors: FormErrors, _ request: Request, _ context: inout MemberContext,
        status: Status
    ) throws -> Response {
        let user = context.user
        let form = AccountFormFields(text: renderer.texts(context), errors: errors)
        let fields: [FieldViewModel] = [
            form.field("name", edit.name, autocomplete: "name", maxLength: 50),
            form.certificateTypeField(edit.certificateType),
            form.field("certificate_number", edit.certificateNumber, isRequired: user.certificateType != nil, maxLength: 18),
            form.field(
                "mobile", edit.mobile, type: "tel", isRequired: user.mobile != nil, autocomplete: "tel", maxLength: 11,
                inputMode: "numeric"),
            form.genderField(edit.gender),
            form.passengerTypeField(edit.passengerType),
            form.birthDateField(edit.travel.birthDate),
            form.infoField(edit.info),
        ]
        let password = form.field(
            "current_password", "", type: "password", isRequired: false, autocomplete: "current-password",
            hint: "hint_current_password_certificate", maxLength: 64)
        let page = ProfileEditPageViewModel(
            account: user.account, fields: fields, studentFields: form.studentFields(edit.travel),
            passwordField: password, hasErrors: !errors.isEmpty)
        return try renderer.formPage("accounts/edit", page, context: &context, status: status)
    }
}
