/// A route's handler: reads the request and context, returns a response or throws.
public typealias Handler<Context> = @Sendable (Request, inout Context) throws -> Response

/// Maps method and path to handlers. Paths have literal segments and `:name` parameters
/// (`/orders/:number`). Built once at start-up, then only read, from any thread.
public final class Router<Context: RequestContext>: @unchecked Sendable {
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
    }

    /// Registers a GET route.
    public func get(_ path: String, _ handler: @escaping Handler<Context>) { add(.get, path, handler) }
    /// Registers a POST route.
    public func post(_ path: String, _ handler: @escaping Handler<Context>) { add(.post, path, handler) }

    /// A group of routes under `prefix`, sharing the group's middleware.
    public func group(_ prefix: String) -> RouteGroup<Context> {
        RouteGroup(router: self, prefix: prefix, middleware: [])
    }

    /// Finds the handler for a request and fills `context.parameters`, then runs it.
    /// Throws 404 when no path matches and 405 (with the allowed methods) when the method does not.
    public func handle(_ request: Request, context: inout Context) throws -> Response {
        let (handler, parameters) = try match(request)
        context.parameters = parameters
        return try handler(request, &context)
    }

    /// The handler for a request and the values of its path parameters, without running it.
    /// Throws 404 when no path matches and 405 (with the allowed methods) when the method does not.
    public func match(_ request: Request) throws -> (handler: Handler<Context>, parameters: Parameters) {
        var node = root
        var parameters = Parameters()
        for segment in Router.segments(of: request.path) {
            if let next = node.literals[String(segment)] {
                node = next
            } else if let (name, next) = node.parameter {
                parameters.add(name, String(segment))
                node = next
            } else {
                throw HTTPError(.notFound)
            }
        }
        let method = request.method == .head ? .get : request.method
        guard let handler = node.handlers[method] else {
            if node.handlers.isEmpty { throw HTTPError(.notFound) }
            var allowed = node.handlers.keys.sorted { $0.rawValue < $1.rawValue }
            if node.handlers[.get] != nil { allowed.append(.head) }
            throw HTTPError(.methodNotAllowed, allowedMethods: allowed)
        }
        return (handler, parameters)
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
}
