import HTTP
import Storage

/// Turns an `HTTPError` into the error page, in one place for the whole site. The page's header is
/// the one the browser's session deserves: the user's menu once the session was read, a visitor's
/// otherwise, and neither for a request refused before its session could be read while it carries
/// a session cookie. Its "log in" link never returns to the failing address.
struct ErrorPage {
    let renderer: PageRenderer
    let messages: Messages

    /// The page for any error a request ended with, for the session `context` found: an
    /// `HTTPError`'s own page; a busy database "busy, try again" (503); a database out of space
    /// "bookings are paused" (503, logged once a minute, see `OutOfSpaceLog`); anything else is
    /// logged (with the request) and gets the 500 page, without details.
    func response(forFailure error: any Error, request: Request, context: AppContext) -> Response {
        var layout = LayoutViewModel(context: context)
        // No user and no stale session although a session cookie came: the error came before the
        // session was read (a static path refused, the database busy while looking it up).
        layout.hasUncheckedSession = context.user == nil && !context.hadStaleSession && Session.isCarried(in: request.cookies)
        return response(forFailure: error, request: request, layout: layout)
    }

    /// The error page for a request refused before it was decoded (its cookies from the raw
    /// header): nothing about its session was read. The language switch returns home, as the
    /// refused address may be too long or malformed to repeat.
    func response(forRefusal error: HTTPError, language: Language, cookies: [String: String], requestID: String) -> Response {
        var layout = LayoutViewModel(language: language, currentTarget: "/", user: nil, csrfToken: nil)
        layout.hasUncheckedSession = Session.isCarried(in: cookies)
        return response(for: error, request: nil, requestID: requestID, layout: layout)
    }

    private func response(forFailure error: any Error, request: Request, layout: LayoutViewModel) -> Response {
        if let error = error as? HTTPError { return response(for: error, request: request, requestID: request.id, layout: layout) }
        if OutOfSpaceLog.isOutOfSpace(error) {
            OutOfSpaceLog.shared.note(error, while: "\(request.method) \(request.path)")
            var paused = response(
                for: HTTPError(.serviceUnavailable, reason: "out_of_space"), request: request, requestID: request.id, layout: layout)
            paused.headers.set("Retry-After", String(Self.outOfSpaceRetrySeconds))
            return paused
        }
        if let error = error as? DatabaseError, error.isOutcomeUnknown {
            ServerLog.write("outcome unknown: \(request.method) \(request.path): \(error)", requestID: request.id)
            // Only a form sent with its key is sure to be done once if sent again.
            let reason = request.form[FormKey.fieldName] == nil ? "outcome_unknown" : "outcome_unknown_keyed"
            var unknown = response(for: HTTPError(.serviceUnavailable, reason: reason), request: request, requestID: request.id, layout: layout)
            unknown.headers.set("Retry-After", String(Self.busyRetrySeconds))
            return unknown
        }
        if let error = error as? DatabaseError, error.isBusy {
            ServerLog.write("busy: \(request.method) \(request.path): \(error)", requestID: request.id)
            var busy = response(for: HTTPError(.serviceUnavailable), request: request, requestID: request.id, layout: layout)
            busy.headers.set("Retry-After", String(Self.busyRetrySeconds))
            return busy
        }
        ServerLog.write("error: \(request.method) \(request.path): \(error)", requestID: request.id)
        return response(for: HTTPError(.internalServerError), request: request, requestID: request.id, layout: layout)
    }

    /// Seconds a "busy, try again" answer asks the client to wait, when the database was busy.
    static let busyRetrySeconds = 2
    /// Seconds a client is asked to wait when the database has run out of space.
    static let outOfSpaceRetrySeconds = 60

    /// The error page for `error` inside `layout`, with `Allow` on 405 and `Retry-After` when it
    /// says when to come back. Falls back to plain text if rendering fails.
    private func response(for error: HTTPError, request: Request?, requestID: String, layout: LayoutViewModel) -> Response {
        let language = layout.language
        let code = error.status.code
        let values = ErrorPageViewModel(
            status: messages.text("error_status", language, String(code)), message: error.message ?? text(for: error, language),
            backHref: error.reason == CSRFProtection.failureReason ? request.map { SafePath.validated($0.path) } : nil,
            requestID: requestID)
        var layout = layout
        layout.returnsHereAfterLogin = false
        var response: Response
        do {
            response = try renderer.errorPage("errors/error", values, layout: layout, status: error.status)
        } catch {
            response = .text(text(for: HTTPError(.internalServerError), language), status: .internalServerError)
        }
        if !error.allowedMethods.isEmpty {
            response.headers.set("Allow", error.allowedMethods.map(\.rawValue).joined(separator: ", "))
        }
        return response
    }

    private func text(for error: HTTPError, _ language: Language) -> String {
        messages.text(error.reason.flatMap(Self.reasonKey) ?? Self.statusKey(error.status.code), language)
    }

    /// What the page says for an error that gives its reason, when it has words of its own.
    private static func reasonKey(_ reason: String) -> String? {
        switch reason {
        case CSRFProtection.failureReason: "error_reason_csrf"
        case "out_of_space": "error_reason_out_of_space"
        case "parameters": "error_reason_parameters"
        case FormKey.reason: "error_reason_request_key"
        case "outcome_unknown": "error_reason_outcome_unknown"
        case "outcome_unknown_keyed": "error_reason_outcome_unknown_keyed"
        default: nil
        }
    }

    /// What the page says for a status; a status without words of its own says what a 500 says.
    private static func statusKey(_ code: Int) -> String {
        switch code {
        case 400: "error_400"
        case 403: "error_403"
        case 404: "error_404"
        case 405: "error_405"
        case 413: "error_413"
        case 414: "error_414"
        case 429: "error_429"
        case 431: "error_431"
        case 501: "error_501"
        case 503: "error_503"
        default: "error_500"
        }
    }
}
