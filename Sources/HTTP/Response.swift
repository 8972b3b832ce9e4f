/// An HTTP response: status, headers, cookies to set and the body bytes.
public struct Response: Sendable {
    public var status: Status
    public var headers: Headers
    public var cookies: [Cookie]
    public var body: [UInt8]
    /// Set when the real response needs slow work first (see `DeferredResponse`); the other fields
    /// are then unused.
    public var deferred: DeferredResponse?
    /// The route that answered, as registered ("/orders/:number"), for the access log and the
    /// metrics; nil when none did (a static file, a refusal, a path no route has).
    public var route: String?
    /// The id of the user the request was made for, when one was logged in (for the access log).
    public var userID: Int64?
    /// Set when the body is made while it is sent (`BodyStream`); `body` is then unused.
    public var stream: (any BodyStream)?

    /// A response with a status, headers and body.
    public init(status: Status = .ok, headers: Headers = Headers(), cookies: [Cookie] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.cookies = cookies
        self.body = body
    }

    /// An HTML page in UTF-8.
    public static func html(_ body: [UInt8], status: Status = .ok) -> Response {
        var headers = Headers()
        headers.add("Content-Type", "text/html; charset=utf-8")
        headers.add("Cache-Control", "no-store")
        return Response(status: status, headers: headers, body: body)
    }

    /// Plain text in UTF-8.
    public static func text(_ text: String, status: Status = .ok) -> Response {
        var headers = Headers()
        headers.add("Content-Type", "text/plain; charset=utf-8")
        return Response(status: status, headers: headers, body: Array(text.utf8))
    }

    /// A 303 See Other to `location`: the answer to a successful form POST.
    public static func redirect(to location: String, status: Status = .seeOther) -> Response {
        var headers = Headers()
        headers.add("Location", location)
        return Response(status: status, headers: headers)
    }

    /// A response that `work` produces later, away from the server's threads.
    public static func deferred(_ work: DeferredResponse) -> Response {
        var response = Response()
        response.deferred = work
        return response
    }

    /// Adds a cookie to set.
    public mutating func setCookie(_ cookie: Cookie) {
        cookies.append(cookie)
    }
}
