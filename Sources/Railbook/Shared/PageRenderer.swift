import HTTP
import Mustache

/// Renders a page template inside the layout with the catalog of the request's language.
public struct PageRenderer: Sendable {
    let templates: TemplateLibrary
    let messages: Messages
    let csrf: CSRFProtection

    /// Renders template `name` with the page's values plus `t` (texts) and `layout`.
    func render(_ name: String, _ values: [String: MustacheValue], language: Language, target: String,
                user: User? = nil, csrfToken: String? = nil, status: Status = .ok) throws -> Response {
        var model = values
        model["t"] = messages.templateValue(language)
        model["layout"] = LayoutViewModel(language: language, currentTarget: target, user: user, csrfToken: csrfToken).mustacheValue
        if let csrfToken { model["csrf"] = .string(csrfToken) }
        return .html(try templates.render(name, .object(model)), status: status)
    }

    /// Renders a page without forms of its own for the request being handled.
    func render(_ name: String, _ values: [String: MustacheValue] = [:], request: Request, context: AppContext,
                status: Status = .ok) throws -> Response {
        try render(name, values, language: context.language, target: request.target, user: context.user,
                   csrfToken: context.csrfToken, status: status)
    }

    /// Renders a page with POST forms: makes sure there is a CSRF token (`{{csrf}}`), starting a
    /// visitor pre-session when needed.
    func renderForm(_ name: String, _ values: [String: MustacheValue] = [:], request: Request, context: inout AppContext,
                    status: Status = .ok) throws -> Response {
        let token = csrf.ensureToken(&context)
        return try render(name, values, language: context.language, target: request.target, user: context.user,
                          csrfToken: token, status: status)
    }

    /// The text for `key` in the request's language.
    func text(_ key: String, _ context: AppContext) -> String {
        messages.text(key, context.language)
    }
}
