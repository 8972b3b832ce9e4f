import HTTP
import Secrets

/// Cross-site request forgery protection. Each POST form carries a hidden `csrf` field whose value
/// is an HMAC of the session (or, for visitors, of a random pre-session kept in a cookie); a POST
/// whose field does not match, compared in constant time, is refused with 403.
struct CSRFProtection: Sendable {
    static let fieldName = "csrf"
    static let visitorCookieName = "visitor"
    /// The `HTTPError.reason` of a refused form, explained on the 403 page.
    static let failureReason = "csrf"
    let key: HMACKey
    let usesSecureCookies: Bool

    /// The token for a logged-in session.
    func token(sessionTokenHash: String) -> String {
        key.sign("session:" + sessionTokenHash)
    }

    /// The token for a visitor's pre-session cookie value.
    func token(visitor: String) -> String {
        key.sign("visitor:" + visitor)
    }

    /// Makes sure `context` has a token, starting a visitor pre-session (a cookie) when needed.
    func ensureToken(_ context: inout AppContext) -> String {
        if let token = context.csrfToken { return token }
        let visitor = Token.random()
        var cookie = Cookie(name: CSRFProtection.visitorCookieName, value: visitor)
        cookie.isSecure = usesSecureCookies
        context.cookiesToSet.append(cookie)
        let token = token(visitor: visitor)
        context.csrfToken = token
        return token
    }

    /// Throws 403 unless `request` carries the token of its session or pre-session.
    func verify(_ request: Request, context: AppContext) throws {
        guard let expected = context.csrfToken, let sent = request.form[CSRFProtection.fieldName],
            constantTimeEquals(sent, expected)
        else {
            throw HTTPError(.forbidden, reason: CSRFProtection.failureReason)
        }
    }
}
