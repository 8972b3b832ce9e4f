import HTTP
import Mustache
import Secrets
import SQLite

/// `/login` and `/logout`. Any failure gets one generic message, so nobody can learn which accounts
/// exist; repeated failures are throttled (see `LoginThrottle`).
struct LoginController {
    let renderer: PageRenderer
    let database: DatabasePool
    let cookies: LoginCookies

    /// A password hash to verify against when the account does not exist, so both cases take as long.
    private static let decoyHash: String = (try? PasswordHasher.hash("decoy password 0")) ?? ""

    func addRoutes(to router: Router<AppContext>) {
        router.get("/login") { request, context in try show(request, &context) }
        router.post("/login") { request, context in try logIn(request, &context) }
        router.post("/logout") { request, context in try logOut(request, &context) }
    }

    func show(_ request: Request, _ context: inout AppContext) throws -> Response {
        let next = SafePath.validated(request.query["next"], fallback: "/me")
        if context.user != nil { return .redirect(to: next) }
        let account = request.query["account"].flatMap { AccountRules.accountProblem($0) == nil ? $0 : nil } ?? ""
        let expired = context.hadStaleSession || request.query["expired"] != nil
        let notice = expired ? renderer.text("notice_session_expired", context) : nil
        return try renderForm(login: account, next: next, error: nil, notice: notice, request, &context, status: .ok)
    }

    func logIn(_ request: Request, _ context: inout AppContext) throws -> Response {
        let login = (request.form["login"] ?? "").trimmed
        let password = request.form["password"] ?? ""
        let persistent = request.form["remember"] == "1"
        let next = SafePath.validated(request.form["next"], fallback: "/me")
        let address = request.remoteAddress
        let now = ChinaTime.now()
        let wait = try database.read { try LoginThrottle.waitSeconds(login: login, address: address, now: now, in: $0) }
        if wait > 0 {
            let minutes = String((wait + 59) / 60)
            let message = renderer.messages.text("error_login_throttled", context.language, minutes)
            return try renderForm(login: login, next: next, error: message, notice: nil, request, &context, status: .tooManyRequests)
        }
        let user = login.isEmpty ? nil : try database.read { try User.find(login: login, in: $0) }
        let matches = PasswordHasher.verify(password, against: user?.passwordHash ?? LoginController.decoyHash)
        guard let user, matches, !user.isLocked else {
            try database.write { try LoginThrottle.recordFailure(login: login, address: address, now: now, in: $0) }
            return try renderForm(login: login, next: next, error: renderer.text("error_login_failed", context), notice: nil,
                                  request, &context, status: .unprocessableContent)
        }
        let rehash = PasswordHasher.needsRehash(user.passwordHash) ? try PasswordHasher.hash(password) : nil
        let token = try database.write { db in
            try LoginThrottle.clear(login: login, in: db)
            if let rehash { try User.setPasswordHash(rehash, for: user.id, in: db) }
            if let old = context.sessionTokenHash { try Session.end(tokenHash: old, in: db) }
            try CartMerge.merge(visitorToken: request.cookies[CSRFProtection.visitorCookieName], into: user.id, in: db)
            return try Session.start(for: user.id, persistent: persistent, now: now, in: db)
        }
        var response = Response.redirect(to: next)
        response.setCookie(cookies.session(token: token, persistent: persistent))
        response.setCookie(cookies.recentAccounts(adding: user.account, to: request))
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

    private func renderForm(login: String, next: String, error: String?, notice: String?, _ request: Request,
                            _ context: inout AppContext, status: Status) throws -> Response {
        var values: [String: MustacheValue] = ["login": .string(login), "next": .string(next)]
        if let error { values["error"] = .string(error) }
        if let notice { values["notice"] = .string(notice) }
        return try renderer.renderForm("accounts/login", values, request: request, context: &context, status: status)
    }
}
