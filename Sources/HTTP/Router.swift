/// A route's handler: reads the request and context, returns a response or throws.
public typealias Handler<Context> = @Sendable (Request, inout Context) throws -> Response

/// Collects routes at start-up: method and path to handler. Paths have literal segments and
/// `:name` parameters (`/orders/:number`). `frozen()` then gives the immutable `RouteTable` that
/// answers requests from any thread; the router itself is only used while it is being built.
public final class Router<Context: RequestContext> {
    private let root = RouteNode<Context>()

    /// An empty router.
    public init() {}

    /// Registers `handler` for `method` and `path`. HEAD is answered by GET routes.
    public func add(_ method: HTTPMethod, _ path: String, _ handler: @escaping Handler<Context>) {
        var node = root
        for segment in Router.segments(of: path) {
            if segment.hasPrefix(":") {
                let name = String(segment.dropFirst())
                if node.parameter == nil { node.parameter = (name, RouteNode()) }
                precondition(node.parameter!.name == name, "Conflicting parameter names at \(path)")
                node = node.parameter!.node
            } else {
                let key = String(segment)
                if node.literals[key] == nil { node.literals[key] = RouteNode() }
                node = node.literals[key]!
            }
        }
        precondition(node.handlers[method] == nil, "Route \(method) \(path) registered twice")
        node.handlers[method] = handler
        node.patterns[method] = "/" + Router.segments(of: path).joined(separator: "/")
    }

    /// Registers a GET route.
    public func get(_ path: String, _ handler: @escaping Handler<Context>) { add(.get, path, handler) }
    /// Registers a POST route.
    public func post(_ path: String, _ handler: @escaping Handler<Context>) { add(.post, path, handler) }

    /// A group of routes under `prefix`, sharing the group's middleware.
    public func group(_ prefix: String) -> RouteGroup<Context> {
        RouteGroup(router: self, prefix: prefix, middleware: [])
    }

    /// The routes registered so far, frozen into an immutable table.
    public func frozen() -> RouteTable<Context> {
        RouteTable(root: FrozenRouteNode(root))
    }

    /// Finds the handler for a request and fills `context.parameters`, then runs it (through a
    /// table frozen for the call; servers freeze once with `frozen()`).
    public func handle(_ request: Request, context: inout Context) throws -> Response {
        try frozen().handle(request, context: &context)
    }

    private static func segments(of path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }
}

/// One level of the route tree.
final class RouteNode<Context: RequestContext> {
    var literals: [String: RouteNode] = [:]
    var parameter: (name: String, node: RouteNode)?
    var handlers: [HTTPMethod: Handler<Context>] = [:]
    /// The path each handler was registered with ("/orders/:number"), for logs and metrics.
    var patterns: [HTTPMethod: String] = [:]
}
