/// An HTTP request, decoded and validated: path, query, cookies and form are ready to read.
public struct Request: Sendable {
    public let method: HTTPMethod
    /// The percent-decoded path, always starting with "/".
    public let path: String
    /// The path and query as received, for redirects back to this page.
    public let target: String
    public let query: Parameters
    public let headers: Headers
    public let cookies: [String: String]
    public let body: [UInt8]
    /// Fields of a urlencoded or multipart form body.
    public let form: Parameters
    /// Files of a multipart form body.
    public let files: [UploadedFile]
    /// The client's IP address, or "" when unknown.
    public let remoteAddress: String
    /// The id its log lines and error page carry (`RequestID`): the server's choice, in the headers
    /// as `X-Request-Id`; one made here when they carry none fit to log.
    public let id: String

    /// The most query parameters, and the most form fields, a request may carry: far more than
    /// any page of the site sends. A query with more is answered 414, a form with more 400.
    public static let parameterLimit = 200

    /// Decodes a request. Throws 400 on an invalid path, query, form encoding or multipart body.
    public init(
        method: HTTPMethod, target: String, headers: Headers = Headers(), body: [UInt8] = [],
        remoteAddress: String = ""
    ) throws(HTTPError) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        id = RequestID.of(headers)
        let rawPath: Substring, rawQuery: Substring
        if let mark = target.firstIndex(of: "?") {
            rawPath = target[..<mark]
            rawQuery = target[target.index(after: mark)...]
        } else {
            rawPath = target[...]
            rawQuery = ""
        }
        guard rawPath.first == "/" else { throw HTTPError(.badRequest) }
        path = try PercentDecoding.decode(rawPath, plusAsSpace: false)
        query = try PercentDecoding.parameters(rawQuery, tooMany: Request.tooManyParameters(.uriTooLong))
        cookies = Cookie.parse(header: headers["Cookie"])
        (form, files) = try Request.decodeBody(body, contentType: headers["Content-Type"])
    }

    /// The refusal of a query (414) or a form (400) with more than `parameterLimit` parameters.
    static func tooManyParameters(_ status: Status) -> HTTPError {
        HTTPError(status, reason: "parameters")
    }

    private static func decodeBody(_ body: [UInt8], contentType: String?) throws(HTTPError) -> (Parameters, [UploadedFile]) {
        guard !body.isEmpty, let contentType else { return (Parameters(), []) }
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() } ?? ""
        switch mediaType {
        case "application/x-www-form-urlencoded":
            guard let text = String(validating: body, as: UTF8.self) else {
                throw HTTPError(.badRequest)
            }
            return (try PercentDecoding.parameters(text[...], tooMany: Request.tooManyParameters(.badRequest)), [])
        case "multipart/form-data":
            let parts = try MultipartParser(contentType: contentType).parse(body)
            return (parts.fields, parts.files)
        default:
            return (Parameters(), [])
        }
    }
}
