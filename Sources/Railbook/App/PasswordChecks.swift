import HTTP

/// What controllers use to check or make password hashes without holding a server thread: they
/// take a slot (`slot()`, nil when the site is too busy) and hand the rest of the request to it
/// (`respond`). The work runs on a password thread with its own copy of the request's context and
/// is finished as the server's threads finish a request: a thrown error becomes the error page and
/// the cookies the work adds to the context are set.
struct PasswordChecks: Sendable {
    let work: PasswordWork
    /// The page for an error thrown by the work, for the session its context found (`ErrorPage`,
    /// logging the unexpected ones).
    let failurePage: @Sendable (any Error, Request, AppContext) -> Response

    /// A slot for one check, or nil when as many are waiting as the site takes in.
    func slot() -> PasswordWork.Slot? {
        work.reserve()
    }

    /// A response that `body` works out on the password thread of `slot`, with a copy of the
    /// request's context (of whatever kind the route has: a member's, say).
    func respond<Context: SiteContext>(
        with slot: PasswordWork.Slot, _ request: Request, _ context: Context,
        _ body: @escaping @Sendable (Request, inout Context) throws -> Response
    ) -> Response {
        var context = context
        context.app.cookiesToSet = [] // the request's own are set when it finishes, as for any other
        let start = context
        return .deferred(
            DeferredResponse { finish in
                slot.run {
                    // Lines written (and mail queued) on the password thread carry the request's id too.
                    ServerLog.$requestID.withValue(request.id) {
                        var context = start
                        var response: Response
                        do {
                            response = try body(request, &context)
                        } catch {
                            response = failurePage(error, request, context.app)
                        }
                        response.cookies += context.app.cookiesToSet
                        finish(response)
                    }
                }
            })
    }
}
