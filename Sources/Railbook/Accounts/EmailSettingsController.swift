import HTTP
import Storage

/// `/me/email`: the account's e-mail address and which mail it gets. A new address (asked with
/// the current password) takes effect once the link mailed to it is followed; removing the
/// address also asks for the password; each kind of mail but the security mail can be turned off.
struct EmailSettingsController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool
    let passwords: PasswordChecks

    func addRoutes(to group: MemberRoutes) {
        group.get("/me/email", use: show)
        group.post("/me/email", use: change)
        group.post("/me/email/remove", use: remove)
        group.post("/me/email/topics", use: saveTopics)
    }

    func show(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let notices = [("sent", "email_notice_sent"), ("removed", "email_notice_removed"), ("saved", "email_notice_saved")]
        let notice = notices.first { request.query[$0.0] != nil }?.1
        return try render(address: "", errors: FormErrors(), notice: notice, &context, status: .ok)
    }

    /// Checks the address's shape and the password (on a password thread), then mails the link.
    func change(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let typed = String((request.form["email"] ?? "").trimmed.prefix(MailAddress.maximumLength + 10))
        let password = request.form["current_password"] ?? ""
        var errors = FormErrors()
        let address = MailAddress(typed)
        if typed.isEmpty {
            errors.add("email", "error_email_required")
        } else if address == nil {
            errors.add("email", "error_email_shape")
        }
        guard errors.isEmpty, let address else { return try render(address: typed, errors: errors, &context, status: .unprocessableContent) }
        return try withPassword(password, request, &context, field: "current_password", address: typed) { context in
            let user = context.user, now = context.now, language = context.language
            try database.write { db in
                try EmailChange.setLanguage(language, userID: user.id, in: db)
                try EmailChange.request(address, userID: user.id, language: language, now: now, in: db)
            }
            return .redirect(to: "/me/email?sent=1")
        }
    }

    func remove(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let password = request.form["remove_password"] ?? ""
        return try withPassword(password, request, &context, field: "remove_password", address: "") { context in
            let user = context.user, now = context.now
            try database.write { try EmailChange.remove(userID: user.id, now: now, in: $0) }
            return .redirect(to: "/me/email?removed=1")
        }
    }

    func saveTopics(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user, chosen = Set(request.form.all("topic"))
        try database.write { db in
            for topic in MailTopic.optional { try MailOptOut.set(topic, on: chosen.contains(topic.rawValue), userID: user.id, in: db) }
        }
        return .redirect(to: "/me/email?saved=1")
    }

    /// Runs `change` once `password` is the user's (checked on a password thread), else shows the
    /// page with the password's problem under `field`.
    private func withPassword(
        _ password: String, _ request: Request, _ context: inout MemberContext, field: String, address: String,
        then change: @escaping @Sendable (inout MemberContext) throws -> Response
    ) throws -> Response {
        guard let slot = passwords.slot() else {
            var busy = FormErrors()
            busy.add(field, "error_password_checks_busy")
            var response = try render(address: address, errors: busy, &context, status: .serviceUnavailable)
            response.headers.set("Retry-After", String(LoginController.busyRetrySeconds))
            return response
        }
        let user = context.user
        return passwords.respond(with: slot, request, context) { request, context in
            if let problem = try CurrentPassword.problem(password, of: user, now: context.now, in: database) {
                var errors = FormErrors()
                errors.add(field, problem)
                return try render(address: address, errors: errors, &context, status: .unprocessableContent)
            }
            return try change(&context)
        }
    }

    private func render(address: String, errors: FormErrors, notice: String? = nil, _ context: inout MemberContext, status: Status) throws
        -> Response
    {
        let user = context.user, now = context.now
        let (current, pending, off) = try database.read { db in
            (
                try db.queryOne("SELECT email FROM users WHERE id = ?", [user.id])?.optionalString("email"),
                try EmailChange.pending(userID: user.id, now: now, in: db), try MailOptOut.topicsOff(userID: user.id, in: db)
            )
        }
        let page = EmailSettingsPageViewModel(
            current: current, pending: pending, topicsOff: off, address: address, errors: errors, notice: notice, text: renderer.texts(context))
        return try renderer.formPage("accounts/email", page, context: &context, status: status)
    }
}
