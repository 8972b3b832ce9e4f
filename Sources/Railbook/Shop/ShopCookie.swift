import HTTP

/// The `shop` cookie: the code of the shop the visitor used last, for the header's cart link.
struct ShopCookie: Sendable {
    static let name = "shop"
    let usesSecureCookies: Bool

    /// The shop code the request's cookie names, when it has the form of one.
    static func code(in request: Request) -> String? {
        guard let code = request.cookies[name], Shop.isValidCode(code) else { return nil }
        return code
    }

    /// Remembers `code` for 30 days, unless the request's cookie already says so.
    func remember(_ code: String, request: Request, context: inout AppContext) {
        guard ShopCookie.code(in: request) != code else { return }
        var cookie = Cookie(name: ShopCookie.name, value: code, maxAge: 30 * 86_400)
        cookie.isSecure = usesSecureCookies
        context.cookiesToSet.append(cookie)
    }
}
