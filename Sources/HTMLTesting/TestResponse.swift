import HTTP

/// A response as a test sees it, with the page parsed on demand (and its markup checked).
public struct TestResponse {
    /// The status of the final response.
    public let status: Status
    public let headers: Headers
    public let cookies: [Cookie]
    public let body: [UInt8]
    /// The address of the final response, after any redirects followed.
    public let target: String
    /// The `Location` of each redirect followed on the way, in order.
    public let redirects: [String]

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The HTML page, parsed by libxml2 and checked: any markup problem throws.
    public func document() throws -> HTMLDocument {
        do {
            return try HTMLDocument(html: body)
        } catch {
            throw TestClientError.invalidMarkup(target: target, detail: "\(error)")
        }
    }
}

/// Why a test client call failed.
public enum TestClientError: Error, CustomStringConvertible {
    case invalidMarkup(target: String, detail: String)
    case tooManyRedirects(from: String)

    public var description: String {
        switch self {
        case .invalidMarkup(let target, let detail): "markup problems on \(target):\n\(detail)"
        case .tooManyRedirects(let target): "more than 10 redirects from \(target)"
        }
    }
}
