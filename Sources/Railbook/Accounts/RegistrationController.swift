import HTTP
import Secrets
import Storage

/// `/register`: the registration form; success logs the new user in and opens their "My" page.
struct RegistrationController: Controller {
    let renderer: PageRenderer
    let database: DatabasePool
    let cookies: LoginCookies
    let passwords: PasswordChecks

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/register", use: show)
        router.post("/register", use: create)
    }

    func show(_ request: Request, _ context: inout AppContext) throws -> Response {
        if context.user != nil { return .redirect(to: "/me") }
        return try renderForm(Registration(), FormErrors(), request, &context, status: .ok)
    }

    /// A form free of mistakes counts against the address's registrations (`RegistrationThrottle`);
    /// the password is then hashed and the account made on a password thread.
    func create(_ request: Request, _ context: inout AppContext) throws -> Response {
        let registration = Registration(form: request.form)
        let problems = registration.problems(today: context.today)
        guard problems.isEmpty else {
            return try renderForm(registration, problems, request, &context, status: .unprocessableContent)
        }
        let attempt: Int64
        switch try database.write({ try RegistrationThrottle.record(address: request.remoteAddress, now: context.now, in: $0) }) {
        case .failure(let wait):
            let message = renderer.messages.text(
                "error_registration_throttled", context.language,
                Duration.text(seconds: wait.seconds, renderer, context))
            var response = try renderForm(registration, FormErrors(), alert: message, request, &context, status: .tooManyRequests)
            response.headers.set("Retry-After", String(wait.seconds))
            return response
        case .success(let id):
            attempt = id
        }
        guard let slot = passwords.slot() else {
            try database.write { try RegistrationThrottle.forget(attempt, in: $0) }
            var response = try renderForm(
                registration, FormErrors(), alert: renderer.text("error_registration_busy", context),
                request, &context, status: .serviceUnavailable)
            response.headers.set("Retry-After", String(LoginController.busyRetrySeconds))
            return response
        }
        return passwords.respond(with: slot, request, context) { request, context in
            try register(registration, request, &context)
        }
    }

    /// On a password thread: hashes the password and makes the account, or says what is taken.
    private func register(_ registration: Registration, _ request: Request, _ context: inout AppContext) throws -> Response {
        let hash = try PasswordHasher.hash(registration.password)
        let now = context.now, language = context.language
        let token: String
        do {
            token = try database.write { db in
                let userID = try registration.register(passwordHash: hash, now: now, in: db)
                try EmailChange.setLanguage(language, userID: userID, in: db)
                if let address = registration.mailAddress {
                    try EmailChange.request(address, userID: userID, language: language, now: now, in: db)
                }
                try CartMerge.merge(visitorToken: request.cookies[CSRFProtection.visitorCookieName], into: userID, now: now, in: db)
                return try Session.start(for: userID, persistent: false, now: now, in: db)
            }
        } catch let conflicts as FormErrors {
            return try renderForm(registration, conflicts, request, &context, status: .unprocessableContent)
        }
        var response = Response.redirect(to: "/me")
        response.setCookie(cookies.session(token: token, persistent: false))
        response.setCookie(cookies.recentAccounts(adding: registration.account, to: request))
        return response
    }

    private func renderForm(
        _ registration: Registration, _ errors: FormErrors, alert: String? = nil, _ request: Request,
        _ context: inout AppContext, status: Status
    ) throws -> Response {
        let form = AccountFormFields(text: renderer.texts(context), errors: errors)
        let fields: [FieldViewModel] = [
            form.field("account", registration.account, autocomplete: "username", hint: "hint_account", maxLength: 30),
            form.field("password", "", type: "password", autocomplete: "new-password", hint: "hint_password", maxLength: 64),
            form.field("password_confirmation", "", type: "password", autocomplete: "new-password", maxLength: 64),
            form.field("name", registration.name, autocomplete: "name", maxLength: 50),
            form.certificateTypeField(registration.certificateType),
            form.field("certificate_number", registration.certificateNumber, maxLength: 18),
            form.field("mobile", registration.mobile, type: "tel", autocomplete: "tel", maxLength: 11, inputMode: "numeric"),
            form.field(
                "email", registration.email, type: "email", isRequired: false, autocomplete: "email", hint: "hint_email",
                maxLength: MailAddress.maximumLength),
            form.genderField(registration.gender),
            form.infoField(registration.info),
        ]
        return try renderer.formPage(
            "accounts/register", FormPageViewModel(fields: fields, errors: errors, alert: alert),
            context: &context, status: status)
    }
}
