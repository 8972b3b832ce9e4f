/// Routes under a common path prefix that share middleware (for example everything under `/admin`).
public struct RouteGroup<Context: RequestContext> {
    private let router: Router<Context>
    private let prefix: String
    private let middleware: [any Middleware<Context>]

    init(router: Router<Context>, prefix: String, middleware: [any Middleware<Context>]) {
        self.router = router
        self.prefix = prefix
        self.middleware = middleware
    }

    /// A copy of this group whose routes also pass through `middleware` (inside the existing ones).
    public func adding(_ middleware: some Middleware<Context>) -> RouteGroup {
        RouteGroup(router: router, prefix: prefix, middleware: self.middleware + [middleware])
    }

    /// A nested group under `prefix`.
    public func group(_ prefix: String) -> RouteGroup {
        RouteGroup(router: router, prefix: self.prefix + prefix, middleware: middleware)
    }

    /// Registers `handler` for `method` at the group's prefix plus `path`.
    public func add(_ method: HTTPMethod, _ path: String, _ handler: @escaping Handler<Context>) {
        guard !middleware.isEmpty else { return router.add(method, prefix + path, handler) }
        var chain = MiddlewareChain<Context>()
        for step in middleware { chain.add(step) }
        router.add(method, prefix + path) { [chain] request, context in
            try chain.respond(to: request, context: &context) { request, context in
                try handler(request, &context)
            }
        }
    }

    /// Registers `handler` (a controller's method) for GET `path`.
    public func get(_ path: String, use handler: @escaping Handler<Context>) { add(.get, path, handler) }
    /// Registers `handler` (a controller's method) for POST `path`.
    public func post(_ path: String, use handler: @escaping Handler<Context>) { add(.post, path, handler) }
}
