import HTTP
import Storage

/// The language switch in the header: remembers the choice in a cookie and returns to the page;
/// a logged-in user's mail follows it from then on.
struct LanguageController: Controller {
    let usesSecureCookies: Bool
    let database: DatabasePool

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
        if let user = context.user { try database.write { try EmailChange.setLanguage(language, userID: user.id, in: $0) } }
        return .redirect(to: SafePath.validated(request.query["back"]))
    }
}
