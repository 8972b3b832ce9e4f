import HTTP

/// The language switch in the header: remembers the choice in a cookie and returns to the page
/// (a user's mail follows it from their next login: a GET changes nothing stored).
struct LanguageController: Controller {
    let usesSecureCookies: Bool

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/language/:code", use: choose)
    }

    func choose(_ request: Request, _ context: inout AppContext) throws -> Response {
        guard let code = context.parameters["code"], let language = Language(code: code) else {
            throw HTTPError(.notFound)
        }
        var cookie = Cookie(name: LanguagePreference.cookieName, value: language.code, maxAge: 365 * 86_400)
        cookie.isSecure = usesSecureCookies
        context.cookiesToSet.append(cookie)
        return .redirect(to: SafePath.validated(request.query["back"]))
    }
}
