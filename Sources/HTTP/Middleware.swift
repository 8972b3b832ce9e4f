/// One step around request handling: it may answer itself, or call `next` and adjust the response.
public protocol Middleware<Context>: Sendable {
    associatedtype Context: RequestContext
    /// Handles `request`, usually by calling `next`.
    func respond(to request: Request, context: inout Context, next: Responder<Context>) throws -> Response
}

/// The rest of the chain as seen by one middleware.
public typealias Responder<Context> = (Request, inout Context) throws -> Response

/// Middleware composed in order: the first added is the outermost.
public struct MiddlewareChain<Context: RequestContext>: Sendable {
    private var steps: [any Middleware<Context>] = []

    /// An empty chain.
    public init() {}

    /// Adds a middleware inside those already added.
    public mutating func add(_ middleware: some Middleware<Context>) {
        steps.append(middleware)
    }

    /// Runs `request` through every middleware and then `endpoint`.
    public func respond(to request: Request, context: inout Context, endpoint: Responder<Context>) throws -> Response {
        try run(0, request, &context, endpoint)
    }

    private func run(_ index: Int, _ request: Request, _ context: inout Context, _ endpoint: Responder<Context>) throws -> Response {
        guard index < steps.count else { return try endpoint(request, &context) }
        return try steps[index].respond(to: request, context: &context) { request, context in
            try run(index + 1, request, &context, endpoint)
        }
    }
}
