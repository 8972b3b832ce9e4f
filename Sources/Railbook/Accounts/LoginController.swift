import HTTP
import Secrets
import Storage

/// `/login` and `/logout`. Any failure gets one generic message, so nobody can learn which accounts
/// exist; guesses are slowed per account, browser and address (see `LoginThrottle`), and the
/// password is checked on a password thread (`PasswordChecks`), never on a server thread.
struct LoginController: Controller {
    let renderer: PageRenderer
    let database: DatabasePool
    let cookies: LoginCookies
    let devices: DeviceCookie
    let passwords: PasswordChecks

    /// A password hash to verify against when the account does not exist, so both cases take as long.
    private static let decoyHash: String = (try? PasswordHasher.hash("decoy password 0")) ?? ""
    /// Seconds a browser is asked to wait when every password thread is busy.
    static let busyRetrySeconds = 5

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/login", use: show)
        router.post("/login", use: logIn)
        router.post("/logout", use: logOut)
    }

    func show(_ request: Request, _ context: inout AppContext) throws -> Response {
        let next = SafePath.validated(request.query["next"], fallback: "/me")
        if context.user != nil { return .redirect(to: next) }
        let account = request.query["account"].flatMap { AccountRules.accountProblem($0) == nil ? $0 : nil } ?? ""
        let expired = context.hadStaleSession || request.query["expired"] != nil
        let notice = expired ? renderer.text("notice_session_expired", context) : nil
        return try renderForm(login: account, next: next, error: nil, notice: notice, request, &context, status: .ok)
    }

    /// Reserves the attempt (refused at once while this account, browser or address must wait, or
    /// when the site is too busy to check a password now), then checks the password on a password thread.
    func logIn(_ request: Request, _ context: inout AppContext) throws -> Response {
        let login = (request.form["login"] ?? "").trimmed
        let next = SafePath.validated(request.form["next"], fallback: "/me")
        let now = context.now
        let user = login.isEmpty ? nil : try database.read { try User.find(login: login, in: $0) }
        // The owner's own browser counts against its own budget alone; any other against the account and the address.
        let subjects =
            user.flatMap { devices.subject(for: $0.id, in: request) }.map { [$0] }
            ?? [LoginThrottle.account(userID: user?.id, login: login), LoginThrottle.Subject(scope: .address, value: request.remoteAddress)]
        let reservation: LoginThrottle.Reservation
        switch try database.write({ try LoginThrottle.reserve(subjects, now: now, in: $0) }) {
        case .failure(let wait):
            let message = renderer.messages.text("error_login_throttled", context.language, Duration.text(seconds: wait.seconds, renderer, context))
            var response = try renderForm(
                login: login, next: next, error: message, notice: renderer.text("login_throttled_hint", context),
                request, &context, status: .tooManyRequests)
            response.headers.set("Retry-After", String(wait.seconds))
            return response
        case .success(let reserved):
            reservation = reserved
        }
        guard let slot = passwords.slot() else {
            try database.write { try LoginThrottle.release(reservation, in: $0) }
            var response = try renderForm(
                login: login, next: next, error: renderer.text("error_login_busy", context), notice: nil,
                request, &context, status: .serviceUnavailable)
            response.headers.set("Retry-After", String(LoginController.busyRetrySeconds))
            return response
        }
        return passwords.respond(with: slot, request, context) { request, context in
            try check(user, login: login, next: next, reservation, request, &context)
        }
    }

    /// On a password thread: checks the password, settles the attempt and starts the session.
    private func check(
        _ user: User?, login: String, next: String, _ reservation: LoginThrottle.Reservation, _ request: Request,
        _ context: inout AppContext
    ) throws -> Response {
        let password = request.form["password"] ?? ""
        let matches = PasswordHasher.verify(password, against: user?.passwordHash ?? LoginController.decoyHash)
        let now = context.now, language = context.language
        guard let user, matches, !user.isLocked else {
            try database.write { try LoginThrottle.settle(reservation, succeeded: false, now: now, in: $0) }
            return try renderForm(
                login: login, next: next, error: renderer.text("error_login_failed", context), notice: nil,
                request, &context, status: .unprocessableContent)
        }
        let rehash = PasswordHasher.needsRehash(user.passwordHash) ? try PasswordHasher.hash(password) : nil
        let persistent = request.form["remember"] == "1"
        let token = try database.write { db in
            try LoginThrottle.settle(reservation, succeeded: true, now: now, in: db)
            if let rehash { try User.setPasswordHash(rehash, for: user.id, in: db) }
            if let old = context.sessionTokenHash { try Session.end(tokenHash: old, in: db) }
            try CartMerge.merge(visitorToken: request.cookies[CSRFProtection.visitorCookieName], into: user.id, now: now, in: db)
            try EmailChange.setLanguage(language, userID: user.id, in: db) // mail follows the language logged in with
            return try Session.start(for: user.id, persistent: persistent, now: now, in: db)
        }
        var response = Response.redirect(to: next)
        response.setCookie(cookies.session(token: token, persistent: persistent))
        response.setCookie(cookies.recentAccounts(adding: user.account, to: request))
        response.setCookie(devices.adding(user.id, to: request))
        return response
    }

    func logOut(_ request: Request, _ context: inout AppContext) throws -> Response {
        if let tokenHash = context.sessionTokenHash {
            try database.write { try Session.end(tokenHash: tokenHash, in: $0) }
        }
        var response = Response.redirect(to: "/")
        response.setCookie(.expired(Session.cookieName))
        return response
    }

    private func renderForm(
        login: String, next: String, error: String?, notice: String?, _ request: Request,
        _ context: inout AppContext, status: Status
    ) throws -> Response {
        let page = LoginPageViewModel(login: login, next: next, error: error, notice: notice)
        return try renderer.formPage("accounts/login", page, context: &context, status: status)
    }
}

/// A wait in words: "1 秒", "2 minutes".
enum Duration {
    /// Seconds under a minute, otherwise whole minutes rounded up.
    static func text(seconds: Int, _ renderer: PageRenderer, _ context: AppContext) -> String {
        if seconds < 60 { return renderer.messages.text("duration_seconds", context.language, count: seconds) }
        return text(minutes: (seconds + 59) / 60, renderer, context)
    }

    /// Whole minutes: "1 minute", "10 minutes".
    static func text(minutes: Int, _ renderer: PageRenderer, _ context: AppContext) -> String {
        renderer.messages.text("duration_minutes", context.language, count: minutes)
    }
}
