import HTTP

/// Headers every response carries: only our own scripts, styles and images; no framing; no sniffing.
enum SecurityHeaders {
    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    static func apply(to response: inout Response) {
        response.headers.set("Content-Security-Policy", contentSecurityPolicy)
        response.headers.set("X-Content-Type-Options", "nosniff")
        response.headers.set("Referrer-Policy", "same-origin")
        response.headers.set("X-Frame-Options", "DENY")
    }
}
