import HTTP
import Storage

/// Finds the logged-in user from the session cookie, keeps the session alive and sets the CSRF token.
struct SessionMiddleware: Middleware {
    let database: DatabasePool
    let csrf: CSRFProtection
    /// Where the sessions seen wait to be written.
    let activity: SessionActivity

    func respond(to request: Request, context: inout AppContext, next: Responder<AppContext>) throws -> Response {
        let now = context.now
        if let token = request.cookies[Session.cookieName], !token.isEmpty {
            if let found = try database.read({ try Session.find(token: token, now: now, activity: activity, in: $0) }) {
                context.user = found.user
                context.unreadNotices = found.unreadNotices
                context.sessionTokenHash = found.session.tokenHash
                context.csrfToken = csrf.token(sessionTokenHash: found.session.tokenHash)
                if now - found.session.lastSeenAt >= Session.touchInterval {
                    activity.note(found.session.tokenHash, at: now, database: database)
                }
            } else {
                context.hadStaleSession = true
                context.cookiesToSet.append(.expired(Session.cookieName))
            }
        }
        if context.csrfToken == nil, let visitor = request.cookies[CSRFProtection.visitorCookieName], visitor.utf8.count == 43 {
            context.csrfToken = csrf.token(visitor: visitor)
        }
        return try next(request, &context)
    }
}

/// Sends visitors to the login page (remembering where they were going) on routes that need a user.
struct RequireLogin: Middleware {
    func respond(to request: Request, context: inout AppContext, next: Responder<AppContext>) throws -> Response {
        guard context.user != nil else {
            let back = request.method == .get ? request.target : "/me"
            let expired = context.hadStaleSession ? "&expired=1" : ""
            return .redirect(to: "/login?next=" + PercentEncoding.encode(back) + expired)
        }
        return try next(request, &context)
    }
}
