/// The routes of a `Router` frozen at start-up: an immutable tree, safe to read from any thread.
public struct RouteTable<Context: RequestContext>: Sendable {
    private let root: FrozenRouteNode<Context>

    init(root: FrozenRouteNode<Context>) {
        self.root = root
    }

    /// Finds the handler for a request and fills `context.parameters`, then runs it.
    /// Throws 404 when no path matches and 405 (with the allowed methods) when the method does not.
    public func handle(_ request: Request, context: inout Context) throws -> Response {
        let (handler, parameters, _) = try match(request)
        context.parameters = parameters
        return try handler(request, &context)
    }

    /// The handler for a request, the values of its path parameters and the path it was registered
    /// with ("/orders/:number", a bounded name for logs and metrics), without running it.
    /// Throws 404 when no path matches and 405 (with the allowed methods) when the method does not.
    public func match(_ request: Request) throws -> (handler: Handler<Context>, parameters: Parameters, pattern: String) {
        var node = root
        var parameters = Parameters()
        for segment in request.path.split(separator: "/", omittingEmptySubsequences: true) {
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
        return (handler, parameters, node.patterns[method] ?? request.path)
    }
}

/// One level of a frozen route tree.
final class FrozenRouteNode<Context: RequestContext>: Sendable {
    let literals: [String: FrozenRouteNode]
    let parameter: (name: String, node: FrozenRouteNode)?
    let handlers: [HTTPMethod: Handler<Context>]
    let patterns: [HTTPMethod: String]

    init(_ node: RouteNode<Context>) {
        literals = node.literals.mapValues(FrozenRouteNode.init)
        parameter = node.parameter.map { ($0.name, FrozenRouteNode($0.node)) }
        handlers = node.handlers
        patterns = node.patterns
    }
}
