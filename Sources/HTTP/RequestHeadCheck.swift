import CMicroHTTPD

/// The checks a request head passes before the responder sees it; each failure is an answer of the
/// responder's own, given at once (the body, if any, is never read).
enum RequestHeadCheck {
    /// What is wrong with the head, or nil. `url` and `version` are libmicrohttpd's pointers into the
    /// request line it parsed in place.
    static func problem(
        _ state: ConnectionState, url: UnsafePointer<CChar>, version: UnsafePointer<CChar>?,
        collector: HeaderCollector, configuration: ServerConfiguration
    ) -> HTTPError? {
        let rawLength = railbook_raw_target_length(url, version)
        if state.loggedTarget == UnsafeRawPointer(url), rawLength != 0, rawLength != state.loggedTargetLength {
            return HTTPError(.badRequest, reason: "nul")
        }
        if state.hasTooManyParameters { return Request.tooManyParameters(.uriTooLong) }
        guard String(validatingCString: url) != nil, collector.queryIsValidUTF8 else {
            return HTTPError(.badRequest, reason: "encoding")
        }
        if max(rawLength, state.loggedTargetLength) > configuration.maxTargetBytes { return HTTPError(.uriTooLong) }
        if collector.headerBytes > configuration.maxHeaderBytes { return HTTPError(.headerFieldsTooLarge) }
        return transferCodingProblem(collector.headers)
    }

    /// RFC 9112 §6: chunked must be the last coding and appear once (else 400); a coding other than
    /// chunked is not understood here (501); a length and a coding together are a smuggling attempt (400).
    static func transferCodingProblem(_ headers: Headers) -> HTTPError? {
        let values = headers.values("Transfer-Encoding")
        guard !values.isEmpty else { return nil }
        let codings = values.flatMap { $0.split(separator: ",") }.map { String($0).trimmingSpaces.lowercased() }
        if headers["Content-Length"] != nil { return HTTPError(.badRequest, reason: "framing") }
        let chunkedCount = codings.filter { $0 == "chunked" }.count
        if chunkedCount > 1 || (chunkedCount == 1 && codings.last != "chunked") { return HTTPError(.badRequest, reason: "framing") }
        if codings.contains(where: { $0 != "chunked" }) { return HTTPError(.notImplemented, reason: "coding") }
        return nil
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    var trimmingSpaces: String { self[...].trimmingSpaces }
}
