import HTTP
import Secrets
import Storage

/// `/password/forgot` and `/password/reset`: a traveller who forgot their password asks for a link
/// by account name, mobile number or e-mail address (the answer is the same for every account), then
/// follows the mailed link to set a new one, which logs them in and every other browser out.
/// A link that is unknown, used, expired or outdated by a password change shows one clear page
/// and changes nothing.
struct PasswordRecoveryController: Controller {
    let renderer: PageRenderer
    let database: DatabasePool
    let cookies: LoginCookies
    let passwords: PasswordChecks

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/password/forgot", use: showRequest)
        router.post("/password/forgot", use: request)
        router.get("/password/reset", use: showReset)
        router.post("/password/reset", use: reset)
    }

    func showRequest(_ request: Request, _ context: inout AppContext) throws -> Response {
        try renderRequest(login: "", alert: nil, &context, status: .ok)
    }

    func request(_ request: Request, _ context: inout AppContext) throws -> Response {
        let login = String((request.form["login"] ?? "").trimmed.prefix(MailAddress.maximumLength))
        let now = context.now
        switch try database.write({ try PasswordReset.request(login: login, from: request.remoteAddress, now: now, in: $0) }) {
        case .wait(let seconds):
            let alert = renderer.messages.text("error_recovery_throttled", context.language, Duration.text(seconds: seconds, renderer, context))
            var response = try renderRequest(login: login, alert: alert, &context, status: .tooManyRequests)
            response.headers.set("Retry-After", String(seconds))
            return response
        case .answered:
            let text = renderer.texts(context)
            var page = AccountMessagePageViewModel(
                title: text("password_forgot_sent_title"), paragraphs: [text("password_forgot_sent_body"), text("password_forgot_sent_hint")])
            page.linkText = text("nav_login")
            page.link = "/login"
            return try renderer.formPage("accounts/message", page, context: &context)
        }
    }

    func showReset(_ request: Request, _ context: inout AppContext) throws -> Response {
        let token = request.query["token"] ?? ""
        let now = context.now
        guard let user = try database.read({ try PasswordReset.account(for: token, now: now, in: $0) }) else {
            return try renderInvalid(&context)
        }
        return try renderReset(token: token, account: user.account, errors: FormErrors(), &context, status: .ok)
    }

    /// Checks the link and the new password, then hashes it on a password thread and sets it.
    func reset(_ request: Request, _ context: inout AppContext) throws -> Response {
        let token = request.form["token"] ?? ""
        let password = request.form["new_password"] ?? "", confirmation = request.form["new_password_confirmation"] ?? ""
        let now = context.now
        guard let user = try database.read({ try PasswordReset.account(for: token, now: now, in: $0) }) else {
            return try renderInvalid(&context)
        }
        var errors = FormErrors()
        if let problem = AccountRules.passwordProblem(password) {
            errors.add("new_password", problem)
        } else if password != confirmation {
            errors.add("new_password_confirmation", "error_password_mismatch")
        }
        guard errors.isEmpty else {
            return try renderReset(token: token, account: user.account, errors: errors, &context, status: .unprocessableContent)
        }
        guard let slot = passwords.slot() else {
            var busy = FormErrors()
            busy.add("new_password", "error_password_checks_busy")
            var response = try renderReset(token: token, account: user.account, errors: busy, &context, status: .serviceUnavailable)
            response.headers.set("Retry-After", String(LoginController.busyRetrySeconds))
            return response
        }
        return passwords.respond(with: slot, request, context) { request, context in
            let hash = try PasswordHasher.hash(password)
            let session = try database.write { db -> String? in
                guard let reset = try PasswordReset.complete(token: token, passwordHash: hash, now: now, in: db) else { return nil }
                return try Session.start(for: reset.id, persistent: false, now: now, in: db)
            }
            guard let session else { return try renderInvalid(&context) }
            var response = Response.redirect(to: "/me?saved=1")
            response.setCookie(cookies.session(token: session, persistent: false))
            response.setCookie(cookies.recentAccounts(adding: user.account, to: request))
            return response
        }
    }

    private func renderRequest(login: String, alert: String?, _ context: inout AppContext, status: Status) throws -> Response {
        let form = AccountFormFields(text: renderer.texts(context), errors: FormErrors())
        let fields = [form.field("login", login, autocomplete: "username", hint: "hint_recovery_login", maxLength: MailAddress.maximumLength)]
        return try renderer.formPage(
            "accounts/password_forgot", FormPageViewModel(fields: fields, errors: FormErrors(), alert: alert), context: &context, status: status)
    }

    private func renderReset(token: String, account: String, errors: FormErrors, _ context: inout AppContext, status: Status) throws -> Response {
        let form = AccountFormFields(text: renderer.texts(context), errors: errors)
        let page = PasswordResetPageViewModel(
            token: token, account: renderer.messages.text("password_reset_for_account", context.language, account),
            form: FormPageViewModel(
                fields: [
                    form.field("new_password", "", type: "password", autocomplete: "new-password", hint: "hint_password", maxLength: 64),
                    form.field("new_password_confirmation", "", type: "password", autocomplete: "new-password", maxLength: 64),
                ], errors: errors))
        return try renderer.formPage("accounts/password_reset", page, context: &context, status: status)
    }

    private func renderInvalid(_ context: inout AppContext) throws -> Response {
        try renderer.messagePage(
            title: "password_reset_invalid_title", body: "password_reset_invalid_body", link: ("password_forgot_again", "/password/forgot"),
            context: &context, status: .gone)
    }
}

/// The new-password form a reset link opens (`accounts/password_reset`).
struct PasswordResetPageViewModel: Encodable {
    let token: String
    let account: String
    let fields: [FieldViewModel]
    let hasErrors: Bool

    init(token: String, account: String, form: FormPageViewModel) {
        self.token = token
        self.account = account
        fields = form.fields
        hasErrors = form.hasErrors
    }
}
