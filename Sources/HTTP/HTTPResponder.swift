/// What a server hands requests to: the application. Answers every request; never throws.
public protocol HTTPResponder: Sendable {
    /// Answers a decoded request.
    func respond(to request: Request) -> Response
    /// Answers a request refused before it could be handled: undecodable (400) or too large (413).
    func respond(to error: HTTPError, method: HTTPMethod, target: String, headers: Headers) -> Response
}

extension HTTPResponder {
    /// Decodes a request from its parts and answers it, or answers the decoding error.
    public func respond(method: HTTPMethod, target: String, headers: Headers, body: [UInt8], remoteAddress: String) -> Response {
        do {
            let request = try Request(method: method, target: target, headers: headers, body: body, remoteAddress: remoteAddress)
            return respond(to: request)
        } catch {
            return respond(to: error, method: method, target: target, headers: headers)
        }
    }
}
