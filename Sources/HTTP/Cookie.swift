/// A cookie to set on the client with `Set-Cookie`.
public struct Cookie: Sendable {
    /// How the browser restricts sending the cookie with cross-site requests.
    public enum SameSite: String, Sendable {
        case strict = "Strict"
        case lax = "Lax"
        case none = "None"
    }

    public var name: String
    public var value: String
    public var path: String = "/"
    /// Lifetime in seconds; nil makes a session cookie, 0 deletes it.
    public var maxAge: Int?
    public var isHTTPOnly: Bool = true
    public var isSecure: Bool = false
    public var sameSite: SameSite = .lax

    /// A cookie with the given name and value and safe defaults (HttpOnly, SameSite=Lax, Path=/).
    public init(name: String, value: String, maxAge: Int? = nil) {
        self.name = name
        self.value = value
        self.maxAge = maxAge
    }

    /// A cookie that tells the browser to delete `name`.
    public static func expired(_ name: String) -> Cookie {
        Cookie(name: name, value: "", maxAge: 0)
    }

    /// The `Set-Cookie` header value.
    public var headerValue: String {
        var text = "\(name)=\(value); Path=\(path)"
        if let maxAge { text += "; Max-Age=\(maxAge)" }
        if isHTTPOnly { text += "; HttpOnly" }
        if isSecure { text += "; Secure" }
        text += "; SameSite=\(sameSite.rawValue)"
        return text
    }
}

extension Cookie {
    /// Parses a `Cookie` request header into name–value pairs; malformed pieces are skipped.
    public static func parse(header: String?) -> [String: String] {
        guard let header else { return [:] }
        var cookies: [String: String] = [:]
        for piece in header.split(separator: ";") {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let name = piece[..<equals].trimmingSpaces
            let value = piece[piece.index(after: equals)...].trimmingSpaces
            if !name.isEmpty, cookies[name] == nil { cookies[name] = value }
        }
        return cookies
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var text = self[...]
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
