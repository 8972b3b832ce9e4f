import HTTP

/// What Railbook knows about the request being handled, filled in by middleware.
public struct AppContext: RequestContext {
    public var parameters = Parameters()
    /// The language of the page, from the language cookie or `Accept-Language`.
    public var language = Language.standard
    /// Cookies to set on whatever response the request ends with (for example a new language).
    public var cookiesToSet: [Cookie] = []

    /// A fresh context for a new request.
    public init() {}
}
