/// Per-request data that routes and middleware fill in (path parameters, session, locale),
/// kept apart from the request itself. Each application defines its own context type.
public protocol RequestContext: Sendable {
    /// Values of the route's `:name` segments.
    var parameters: Parameters { get set }
}
