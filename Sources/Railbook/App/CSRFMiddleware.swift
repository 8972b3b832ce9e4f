import HTTP

/// Refuses (403) a POST whose `csrf` field does not carry the token of its session or pre-session.
/// Runs once the route is known, so an unknown address is still a 404 and a wrong method a 405.
struct CSRFMiddleware: Middleware {
    let csrf: CSRFProtection
    /// POST endpoints called by other systems rather than by forms of ours; each verifies its
    /// caller another way (the payment notification checks its HMAC signature).
    let exemptPaths: Set<String>

    func respond(to request: Request, context: inout AppContext, next: Responder<AppContext>) throws -> Response {
        if request.method == .post, !exemptPaths.contains(request.path) {
            try csrf.verify(request, context: context)
        }
        return try next(request, &context)
    }
}
