import HTTP
import Storage

/// `/account/switch`: the accounts recently used in this browser (names only, from the `accounts`
/// cookie). Choosing one logs the current user out and opens the login page with that account filled in.
struct SwitchAccountController: Controller {
    let renderer: PageRenderer
    let database: DatabasePool

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/account/switch", use: show)
        router.post("/account/switch", use: switchAccount)
    }

    func show(_ request: Request, _ context: inout AppContext) throws -> Response {
        let page = SwitchAccountPageViewModel(accounts: LoginCookies.recentAccounts(request), current: context.user?.account.lowercased())
        return try renderer.formPage("accounts/switch", page, context: &context)
    }

    /// Logs out, then opens the login page; prefilled only with an account the cookie lists.
    func switchAccount(_ request: Request, _ context: inout AppContext) throws -> Response {
        if let tokenHash = context.sessionTokenHash {
            try database.write { try Session.end(tokenHash: tokenHash, in: $0) }
        }
        let chosen = request.form["account"] ?? ""
        let isRecent = LoginCookies.recentAccounts(request).contains(chosen)
        var response = Response.redirect(to: isRecent ? "/login?account=" + PercentEncoding.encode(chosen) : "/login")
        if context.sessionTokenHash != nil { response.setCookie(.expired(Session.cookieName)) }
        return response
    }
}
