import HTTP

/// Where a `TestClient` sends its requests: straight to an application in this process, or over a
/// socket to a server running in another process.
public protocol TestTransport: AnyObject {
    /// Sends one request and returns the response exactly as it came back (no redirects followed).
    func exchange(_ method: HTTPMethod, _ target: String, headers: Headers, body: [UInt8]) throws -> Response
}

/// Hands each request to an application in the test's own process, as if from 127.0.0.1 (or
/// `remoteAddress`); a deferred response is waited for, as the server would.
public final class InProcessTransport: TestTransport {
    /// The application under test.
    public let application: any HTTPResponder
    /// The client address the application sees.
    public var remoteAddress = "127.0.0.1"

    public init(application: any HTTPResponder) {
        self.application = application
    }

    public func exchange(_ method: HTTPMethod, _ target: String, headers: Headers, body: [UInt8]) throws -> Response {
        var response = application.respond(method: method, target: target, headers: headers, body: body, remoteAddress: remoteAddress)
        response = response.deferred?.wait() ?? response
        if response.stream != nil {
            response.body = try response.collectedBody()
            response.stream = nil
        }
        return response
    }
}
