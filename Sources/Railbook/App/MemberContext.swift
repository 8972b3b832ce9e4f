import HTTP

/// The context of a route behind login (`SiteRoutes.members`): the logged-in user is there, not
/// optional. Everything else of the request's `AppContext` reads through (`context.now`,
/// `context.language`, `context.parameters`), and what a handler changes in it (a cookie to set,
/// a CSRF token started) goes back to the request when the handler returns.
@dynamicMemberLookup
struct MemberContext: SiteContext {
    var app: AppContext
    /// The logged-in user.
    let user: User

    /// The member context of `context`; only routes behind `RequireLogin` make one, so a visitor
    /// never gets here (a 404 if one did).
    init(_ context: AppContext) throws(HTTPError) {
        guard let user = context.user else { throw HTTPError(.notFound) }
        app = context
        self.user = user
    }

    subscript<Value>(dynamicMember keyPath: WritableKeyPath<AppContext, Value>) -> Value {
        get { app[keyPath: keyPath] }
        set { app[keyPath: keyPath] = newValue }
    }

    subscript<Value>(dynamicMember keyPath: KeyPath<AppContext, Value>) -> Value {
        app[keyPath: keyPath]
    }
}

/// The context of a route for administrators (`SiteRoutes.administrators`, `SiteRoutes.adminArea`):
/// the logged-in user is there and is an administrator.
@dynamicMemberLookup
struct AdminContext: SiteContext {
    var app: AppContext
    /// The logged-in administrator.
    let user: User

    /// The administrator context of `context`; only routes behind `RequireAdmin` make one, so
    /// anyone else never gets here (a 404 if one did, as `RequireAdmin` answers).
    init(_ context: AppContext) throws(HTTPError) {
        guard let user = context.user, user.isAdmin else { throw HTTPError(.notFound) }
        app = context
        self.user = user
    }

    subscript<Value>(dynamicMember keyPath: WritableKeyPath<AppContext, Value>) -> Value {
        get { app[keyPath: keyPath] }
        set { app[keyPath: keyPath] = newValue }
    }

    subscript<Value>(dynamicMember keyPath: KeyPath<AppContext, Value>) -> Value {
        app[keyPath: keyPath]
    }
}
