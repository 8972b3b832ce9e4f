import HTTP

/// Reads an HTTP/1.1 response as a server sent it on a connection it then closed: the status line,
/// the header fields (Set-Cookie also as cookies) and the body (by `Content-Length`, chunked, or
/// everything up to the close).
public enum HTTPResponseParser {
    /// Parses `bytes`; an interim `100 Continue` before the real response is skipped.
    public static func parse(_ bytes: [UInt8], method: HTTPMethod = .get) throws -> Response {
        var rest = bytes[...]
        while true {
            guard let end = rest.firstRange(of: headEnd) else {
                throw TestSocketError("no complete response head in \(bytes.count) bytes: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
            }
            let lines = String(decoding: rest[rest.startIndex..<end.lowerBound], as: UTF8.self).split(
                separator: "\r\n", omittingEmptySubsequences: false)
            rest = rest[end.upperBound...]
            let statusLine = lines[0].split(separator: " ", maxSplits: 2)
            guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let code = Int(statusLine[1]) else {
                throw TestSocketError("bad status line '\(lines[0])'")
            }
            if code == 100 { continue }
            var headers = Headers()
            var cookies: [Cookie] = []
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = String(line[..<colon])
                let value = String(line[line.index(after: colon)...]).trimmingWhitespace
                headers.add(name, value)
                if name.lowercased() == "set-cookie", let cookie = cookie(from: value) { cookies.append(cookie) }
            }
            let reason = statusLine.count > 2 ? String(statusLine[2]) : ""
            let body = try self.body(Array(rest), headers: headers, method: method, code: code)
            return Response(status: Status(code: code, reason: reason), headers: headers, cookies: cookies, body: body)
        }
    }

    private static let headEnd: [UInt8] = Array("\r\n\r\n".utf8)

    private static func body(_ bytes: [UInt8], headers: Headers, method: HTTPMethod, code: Int) throws -> [UInt8] {
        if method == .head || code == 204 || code == 304 { return [] }
        if headers["Transfer-Encoding"]?.lowercased().contains("chunked") == true { return try dechunk(bytes) }
        if let length = headers["Content-Length"].flatMap({ Int($0) }) {
            guard bytes.count >= length else { throw TestSocketError("body cut short: \(bytes.count) of \(length) bytes") }
            return Array(bytes.prefix(length))
        }
        return bytes
    }

    private static func dechunk(_ bytes: [UInt8]) throws -> [UInt8] {
        var body: [UInt8] = []
        var rest = bytes[...]
        while let lineEnd = rest.firstRange(of: Array("\r\n".utf8)) {
            let sizeText = String(decoding: rest[rest.startIndex..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(String(sizeText).trimmingWhitespace, radix: 16) else { throw TestSocketError("bad chunk size '\(sizeText)'") }
            rest = rest[lineEnd.upperBound...]
            if size == 0 { return body }
            guard rest.count >= size + 2 else { throw TestSocketError("chunk cut short") }
            body += rest.prefix(size)
            rest = rest.dropFirst(size + 2)
        }
        throw TestSocketError("chunked body without its last chunk")
    }

    /// The name, value and Max-Age of a `Set-Cookie` value.
    static func cookie(from header: String) -> Cookie? {
        let parts = header.split(separator: ";").map { String($0).trimmingWhitespace }
        guard let first = parts.first, let equals = first.firstIndex(of: "=") else { return nil }
        var cookie = Cookie(name: String(first[..<equals]), value: String(first[first.index(after: equals)...]))
        for attribute in parts.dropFirst() where attribute.lowercased().hasPrefix("max-age=") {
            cookie.maxAge = Int(attribute.dropFirst("max-age=".count))
        }
        return cookie
    }
}
