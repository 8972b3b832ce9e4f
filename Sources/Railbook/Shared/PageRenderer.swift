import HTTP
import Mustache

/// Renders a page template inside the layout with the catalog of the request's language.
public struct PageRenderer: Sendable {
    /// The templates once per language, with `{{t.key}}` texts folded in when they were loaded.
    private let templates: [Language: TemplateLibrary]
    let messages: Messages
    let csrf: CSRFProtection

    /// Binds the catalog of each language into its own copy of the templates.
    init(templates: TemplateLibrary, messages: Messages, csrf: CSRFProtection) {
        var byLanguage: [Language: TemplateLibrary] = [:]
        for language in Language.allCases {
            byLanguage[language] = templates.bindingConstant("t", to: messages.templateValue(language))
        }
        self.templates = byLanguage
        self.messages = messages
        self.csrf = csrf
    }

    /// Renders template `name` with the page's values plus `t` (texts) and `layout`.
    func render(_ name: String, _ values: [String: MustacheValue], language: Language, target: String,
                user: User? = nil, csrfToken: String? = nil, cart: CartSummary? = nil, unreadNotices: Int = 0,
                status: Status = .ok) throws -> Response {
        var model = values
        model["layout"] = LayoutViewModel(language: language, currentTarget: target, user: user, csrfToken: csrfToken,
                                          cart: cart, unreadNotices: unreadNotices).mustacheValue
        if let csrfToken { model["csrf"] = .string(csrfToken) }
        guard let library = templates[language] else { throw HTTPError(.internalServerError) }
        return .html(try library.render(name, .object(model)), status: status)
    }

    /// Renders a page without forms of its own for the request being handled.
    func render(_ name: String, _ values: [String: MustacheValue] = [:], request: Request, context: AppContext,
                status: Status = .ok) throws -> Response {
        try render(name, values, language: context.language, target: request.target, user: context.user,
                   csrfToken: context.csrfToken, cart: context.cartSummary, unreadNotices: context.unreadNotices, status: status)
    }

    /// Renders a page with POST forms: makes sure there is a CSRF token (`{{csrf}}`), starting a
    /// visitor pre-session when needed.
    func renderForm(_ name: String, _ values: [String: MustacheValue] = [:], request: Request, context: inout AppContext,
                    status: Status = .ok) throws -> Response {
        _ = csrf.ensureToken(&context)
        return try render(name, values, request: request, context: context, status: status)
    }

    /// Renders a partial on its own (no layout), for fragments that are cached and placed into pages.
    func fragment(_ name: String, _ values: [String: MustacheValue], language: Language) throws -> String {
        guard let library = templates[language] else { throw HTTPError(.internalServerError) }
        return String(decoding: try library.render(name, .object(values)), as: UTF8.self)
    }

    /// The text for `key` in the request's language.
    func text(_ key: String, _ context: AppContext) -> String {
        messages.text(key, context.language)
    }
}
