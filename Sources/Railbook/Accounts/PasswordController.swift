import HTTP
import Secrets
import Storage

/// `/me/password`: the user changes their password; every other browser they are logged in on is logged out.
struct PasswordController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool
    let passwords: PasswordChecks

    func addRoutes(to group: MemberRoutes) {
        group.get("/me/password", use: show)
        group.post("/me/password", use: update)
    }

    func show(_ request: Request, _ context: inout MemberContext) throws -> Response {
        try renderForm(FormErrors(), request, &context, status: .ok)
    }

    /// Checks the current password and hashes the new one on a password thread (or answers "busy").
    func update(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        guard let slot = passwords.slot() else {
            var busy = FormErrors()
            busy.add("current_password", "error_password_checks_busy")
            var response = try renderForm(busy, request, &context, status: .serviceUnavailable)
            response.headers.set("Retry-After", String(LoginController.busyRetrySeconds))
            return response
        }
        return passwords.respond(with: slot, request, context) { request, context in
            let change = PasswordChange(form: request.form)
            var problems = change.problems()
            if let problem = try CurrentPassword.problem(change.currentPassword, of: user, now: context.now, in: database) {
                problems.add("current_password", problem)
            }
            guard problems.isEmpty else {
                return try renderForm(problems, request, &context, status: .unprocessableContent)
            }
            let hash = try PasswordHasher.hash(change.newPassword)
            let kept = context.sessionTokenHash, now = context.now
            try database.write { try PasswordChange.apply(passwordHash: hash, for: user, keeping: kept, now: now, in: $0) }
            return .redirect(to: "/me?saved=1")
        }
    }

    /// The form; passwords are never sent back, so every field starts empty.
    private func renderForm(_ errors: FormErrors, _ request: Request, _ context: inout MemberContext, status: Status) throws -> Response {
        let form = AccountFormFields(text: renderer.texts(context), errors: errors)
        let fields: [FieldViewModel] = [
            form.field("current_password", "", type: "password", autocomplete: "current-password", maxLength: 64),
            form.field("new_password", "", type: "password", autocomplete: "new-password", hint: "hint_password", maxLength: 64),
            form.field("new_password_confirmation", "", type: "password", autocomplete: "new-password", maxLength: 64),
        ]
        return try renderer.formPage(
            "accounts/password", FormPageViewModel(fields: fields, errors: errors), context: &context,
            status: status)
    }
}
