import HTTP

/// What Railbook knows about the request being handled, filled in by middleware.
public struct AppContext: RequestContext {
    public var parameters = Parameters()
    /// The time of the request (seconds since the Unix epoch), read once from the application's `Clock`.
    public var now = 0
    /// The request's path and query, so the layout's language switch can return to the page.
    var target = "/"
    /// The language of the page, from the language cookie or `Accept-Language`.
    public var language = Language.standard
    /// Cookies to set on whatever response the request ends with (for example a new language).
    public var cookiesToSet: [Cookie] = []
    /// The logged-in user, or nil for a visitor.
    public var user: User?
    /// How many of the logged-in user's notices are unread (the header shows the count).
    var unreadNotices = 0
    /// The hash of the session token, when logged in.
    var sessionTokenHash: String?
    /// True when the browser sent a session cookie that is unknown or expired.
    var hadStaleSession = false
    /// The token POST forms must carry, once there is a session or a visitor pre-session.
    var csrfToken: String?
    /// The header's cart link, when the visitor has used a shop (see `CartSummaryMiddleware`).
    var cartSummary: CartSummary?

    /// A fresh context for a new request.
    public init() {}

    /// The date in China at the time of the request.
    public var today: CivilDate { ChinaTime.date(at: now) }
}
