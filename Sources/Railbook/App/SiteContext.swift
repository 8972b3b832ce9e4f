import HTTP

/// A request's context as a route sees it: the site's own `AppContext` for routes anyone may use,
/// or one narrowed by the route's group, whose user is not optional (`MemberContext`,
/// `AdminContext`). Rendering and copy take any of them.
protocol SiteContext: Sendable {
    /// The whole request context: language, time, cookies to set, the session.
    var app: AppContext { get set }
}

extension AppContext: SiteContext {
    /// The context itself.
    var app: AppContext {
        get { self }
        set { self = newValue }
    }
}
