import HTTP

/// Lets only administrators (`authority = 'admin'`) through; anyone else gets a 404, so staff
/// routes do not even show that they exist. Goes inside `RequireLogin`.
struct RequireAdmin: Middleware {
    func respond(to request: Request, context: inout AppContext, next: Responder<AppContext>) throws -> Response {
        guard context.user?.isAdmin == true else { throw HTTPError(.notFound) }
        return try next(request, &context)
    }
}
