import HTTP
import Mustache
import Storage

/// Turns an `HTTPError` into the error page, in one place for the whole site.
struct ErrorPage {
    let renderer: PageRenderer
    let messages: Messages

    /// The page for any error a request ended with: an `HTTPError`'s own page; a busy database
    /// "busy, try again" (503); a database out of space "bookings are paused" (503, logged once
    /// a minute, see `OutOfSpaceLog`); anything else is logged (with the request) and gets the
    /// 500 page, without details.
    func response(forFailure error: any Error, language: Language, request: Request) -> Response {
        if let error = error as? HTTPError { return response(for: error, language: language, request: Optional(request)) }
        if OutOfSpaceLog.isOutOfSpace(error) {
            OutOfSpaceLog.shared.note(error, while: "\(request.method) \(request.path)")
            var paused = response(for: HTTPError(.serviceUnavailable, reason: "out_of_space"), language: language, request: Optional(request))
            paused.headers.set("Retry-After", String(Self.outOfSpaceRetrySeconds))
            return paused
        }
        if let error = error as? DatabaseError, error.isBusy {
            ServerLog.write("busy: \(request.method) \(request.path): \(error)")
            var busy = response(for: HTTPError(.serviceUnavailable), language: language, request: Optional(request))
            busy.headers.set("Retry-After", String(Self.busyRetrySeconds))
            return busy
        }
        ServerLog.write("error: \(request.method) \(request.path): \(error)")
        return response(for: HTTPError(.internalServerError), language: language, request: Optional(request))
    }

    /// Seconds a "busy, try again" answer asks the client to wait, when the database was busy.
    static let busyRetrySeconds = 2
    /// Seconds a client is asked to wait when the database has run out of space.
    static let outOfSpaceRetrySeconds = 60

    /// The error page for `error`, with `Allow` on 405 and `Retry-After` when it says when to come
    /// back. Falls back to plain text if rendering fails.
    func response(for error: HTTPError, language: Language, request: Request?) -> Response {
        let code = error.status.code
        var values: MustacheObject = [
            "status": .string(messages.text("error_status", language, String(code))),
            "message": .string(error.message ?? text(for: error, language)),
        ]
        if error.reason == CSRFProtection.failureReason, let request {
            values["backHref"] = .string(SafePath.validated(request.path))
        }
        var response: Response
        do {
            response = try renderer.visitorPage("errors/error", values, language: language, target: request?.target ?? "/",
                                           status: error.status)
        } catch {
            response = .text(text(for: HTTPError(.internalServerError), language), status: .internalServerError)
        }
        if !error.allowedMethods.isEmpty {
            response.headers.set("Allow", error.allowedMethods.map(\.rawValue).joined(separator: ", "))
        }
        return response
    }

    private func text(for error: HTTPError, _ language: Language) -> String {
        if let reason = error.reason, messages.hasText("error_reason_\(reason)", language) {
            return messages.text("error_reason_\(reason)", language)
        }
        let key = "error_\(error.status.code)"
        return messages.hasText(key, language) ? messages.text(key, language) : messages.text("error_500", language)
    }
}
