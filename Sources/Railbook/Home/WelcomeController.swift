import HTTP

/// The first-visit welcome: a visitor whose browser has no `welcomed` cookie gets, on a bare `/`,
/// what Railbook does in three steps instead of the home page (rendered in place, not redirected),
/// with "Start" and "Skip" forms that set the cookie for a year and lead to the home page.
/// Logged-in users never see it. The page reads nothing from the database.
struct WelcomeController: Controller {
    static let cookieName = "welcomed"
    static let cookieMaxAge = 365 * 86_400
    let renderer: PageRenderer
    let usesSecureCookies: Bool

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.post("/welcome/start", use: finish)
        router.post("/welcome/skip", use: finish)
    }

    /// True when `request` should get the welcome instead of the home page: a visitor asking for `/`
    /// itself (a link such as `/?from=BJP` goes straight to the home page) who has not dismissed it.
    func isDue(for request: Request, context: AppContext) -> Bool {
        context.user == nil && request.target == "/" && request.cookies[WelcomeController.cookieName] == nil
    }

    /// The welcome page, with the two forms that dismiss it.
    func show(_ request: Request, _ context: inout AppContext) throws -> Response {
        try renderer.formPage("home/welcome", context: &context)
    }

    /// Marks a logged-in user's browser as welcomed, so the welcome stays away after they log out.
    func rememberUser(_ request: Request, _ context: inout AppContext) {
        guard context.user != nil, request.cookies[WelcomeController.cookieName] == nil else { return }
        context.cookiesToSet.append(cookie)
    }

    /// "Start" and "Skip": set the cookie → 303 to the home page.
    func finish(_ request: Request, _ context: inout AppContext) -> Response {
        context.cookiesToSet.append(cookie)
        return .redirect(to: "/")
    }

    private var cookie: Cookie {
        var cookie = Cookie(name: WelcomeController.cookieName, value: "1", maxAge: WelcomeController.cookieMaxAge)
        cookie.isSecure = usesSecureCookies
        return cookie
    }
}
