import HTTP

/// Routes whose handlers get a narrowed context (`MemberContext`, `AdminContext`), made from the
/// site's context once the group's checks (login, administrator) let the request through. A
/// handler is registered by method reference: `members.get("/orders/:number", use: show)`.
struct NarrowedRoutes<Child: SiteContext> {
    /// The group carrying the checks.
    let group: RouteGroup<AppContext>
    /// Makes the narrowed context of a request the checks let through.
    let narrow: @Sendable (AppContext) throws -> Child

    /// Registers `handler` for GET `path`.
    func get(_ path: String, use handler: @escaping @Sendable (Request, inout Child) throws -> Response) {
        add(.get, path, handler)
    }

    /// Registers `handler` for POST `path`.
    func post(_ path: String, use handler: @escaping @Sendable (Request, inout Child) throws -> Response) {
        add(.post, path, handler)
    }

    /// The same routes under `prefix`.
    func group(_ prefix: String) -> NarrowedRoutes {
        NarrowedRoutes(group: group.group(prefix), narrow: narrow)
    }

    private func add(_ method: HTTPMethod, _ path: String, _ handler: @escaping @Sendable (Request, inout Child) throws -> Response) {
        group.add(method, path) { [narrow] request, context in
            var child = try narrow(context)
            defer { context = child.app }
            return try handler(request, &child)
        }
    }
}

/// Routes behind login.
typealias MemberRoutes = NarrowedRoutes<MemberContext>
/// Routes for administrators.
typealias AdminRoutes = NarrowedRoutes<AdminContext>
