import HTTP
import Secrets
import Storage

/// Whose cart it is: a logged-in user's, or a visitor's, known by the SHA-256 of the pre-session
/// cookie (`visitor`, the one CSRF protection starts) so the database never holds the cookie itself.
enum CartOwner: Hashable, Sendable {
    case user(Int64)
    case visitor(tokenHash: String)

    /// The owner for a request: the logged-in user, else the visitor of a well-formed `visitor`
    /// cookie; nil for a visitor who has no pre-session yet (and so no cart).
    static func of(_ request: Request, _ context: AppContext) -> CartOwner? {
        if let user = context.user { return .user(user.id) }
        return visitor(token: request.cookies[CSRFProtection.visitorCookieName])
    }

    /// The visitor owning the carts of pre-session cookie value `token`; nil when it is not one.
    static func visitor(token: String?) -> CartOwner? {
        guard let token, token.utf8.count == 43 else { return nil }
        return .visitor(tokenHash: Token.sha256Hex(token))
    }

    /// The column of `carts` naming this owner (a fixed name, never user input) and its value.
    var column: (name: String, value: any SQLBindable) {
        switch self {
        case .user(let id): ("user_id", id)
        case .visitor(let hash): ("visitor_token_hash", hash)
        }
    }
}
