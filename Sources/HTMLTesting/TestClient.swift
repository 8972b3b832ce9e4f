import HTTP
import Railbook

/// A browser for tests: sends requests through its transport (straight to an application in this
/// process, or over a socket to a running server), keeps cookies, follows redirects and submits
/// forms with their hidden fields.
public final class TestClient {
    /// Where requests go.
    public let transport: any TestTransport
    /// Cookies the "browser" holds, by name.
    public var cookies: [String: String] = [:]
    /// Headers sent with every request (for example `Accept-Language`).
    public var defaultHeaders: Headers

    /// A client of `application` in this process, with an empty cookie jar, that prefers `acceptLanguage`.
    public convenience init(application: Application, acceptLanguage: String = "zh-CN,zh;q=0.9") {
        self.init(transport: InProcessTransport(application: application), acceptLanguage: acceptLanguage)
    }

    /// A client of the server listening on `port` of 127.0.0.1 (one connection per request), past
    /// the first-visit welcome, giving up on an answer after `timeoutSeconds`.
    public convenience init(port: Int, acceptLanguage: String = "zh-CN,zh;q=0.9", timeoutSeconds: Int = 60) {
        let transport = SocketTransport(port: port)
        transport.timeoutSeconds = timeoutSeconds
        self.init(transport: transport, acceptLanguage: acceptLanguage)
        cookies["welcomed"] = "1"
    }

    /// A client that sends its requests through `transport`, with an empty cookie jar.
    public init(transport: any TestTransport, acceptLanguage: String = "zh-CN,zh;q=0.9") {
        self.transport = transport
        var headers = Headers()
        headers.add("Accept-Language", acceptLanguage)
        defaultHeaders = headers
    }

    /// The application under test, for clients that talk to one in this process.
    public var application: Application {
        guard let application = (transport as? InProcessTransport)?.application as? Application else {
            preconditionFailure("this test client talks to a server in another process; it has no application here")
        }
        return application
    }

    /// GETs `target`, following redirects.
    public func get(_ target: String, headers: Headers = Headers()) throws -> TestResponse {
        try send(.get, target, headers: headers, body: [], followRedirects: true)
    }

    /// POSTs urlencoded `fields` to `target`, following the redirect that answers it unless told not to.
    public func post(_ target: String, fields: [(String, String)], followRedirects: Bool = true) throws -> TestResponse {
        let body = FormSubmission.encode(fields)
        var headers = Headers()
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        return try send(.post, target, headers: headers, body: Array(body.utf8), followRedirects: followRedirects)
    }

    /// Submits `form` as a browser would (optionally pressing the named submit `button`).
    public func submit(_ form: HTMLForm, button: String? = nil, from page: TestResponse) throws -> TestResponse {
        let submission = try form.submission(button: button)
        let action = submission.action.isEmpty ? page.target : submission.action
        if submission.method == "POST" {
            return try post(action, fields: submission.fields.map { ($0.name, $0.value) })
        }
        let path = action.split(separator: "?", maxSplits: 1).first.map(String.init) ?? action
        let query = submission.urlencoded
        return try get(query.isEmpty ? path : path + "?" + query)
    }

    /// Sends one request; follows up to 10 redirects with GET when asked to.
    public func send(
        _ method: HTTPMethod, _ target: String, headers: Headers, body: [UInt8],
        followRedirects: Bool
    ) throws -> TestResponse {
        var method = method, target = target, body = body, headers = headers
        var redirects: [String] = []
        while true {
            let response = try transport.exchange(method, target, headers: requestHeaders(headers), body: body)
            store(response.cookies)
            let location = response.headers["Location"]
            guard followRedirects, (300..<400).contains(response.status.code), response.status != .notModified,
                let location
            else {
                PageArchive.shared?.keep(
                    method: method, target: target, status: response.status,
                    headers: response.headers, body: response.body)
                return TestResponse(
                    status: response.status, headers: response.headers, cookies: response.cookies,
                    body: response.body, target: target, redirects: redirects)
            }
            redirects.append(location)
            guard redirects.count <= 10 else { throw TestClientError.tooManyRedirects(from: target) }
            (method, target, body, headers) = (.get, location, [], Headers())
        }
    }

    private func requestHeaders(_ extra: Headers) -> Headers {
        var headers = defaultHeaders
        for (name, value) in extra { headers.set(name, value) }
        if !cookies.isEmpty, !headers.contains("Cookie") {
            headers.add("Cookie", cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        }
        return headers
    }

    private func store(_ setCookies: [Cookie]) {
        for cookie in setCookies {
            if cookie.maxAge == 0 { cookies[cookie.name] = nil } else { cookies[cookie.name] = cookie.value }
        }
    }
}
