import HTTP
import Mustache

/// Turns an `HTTPError` into the error page, in one place for the whole site.
struct ErrorPage {
    let renderer: PageRenderer
    let messages: Messages

    /// The error page for `error`, with `Allow` on 405. Falls back to plain text if rendering fails.
    func response(for error: HTTPError, language: Language, target: String) -> Response {
        let code = error.status.code
        let key = "error_\(code)"
        let standardText = messages.keys(language).contains(key) ? messages.text(key, language) : messages.text("error_500", language)
        let values: [String: MustacheValue] = [
            "status": .string(messages.text("error_status", language, String(code))),
            "message": .string(error.message ?? standardText),
        ]
        var response: Response
        do {
            response = try renderer.render("errors/error", values, language: language, target: target, status: error.status)
        } catch {
            response = .text(standardText, status: .internalServerError)
        }
        if !error.allowedMethods.isEmpty {
            response.headers.set("Allow", error.allowedMethods.map(\.rawValue).joined(separator: ", "))
        }
        return response
    }
}
