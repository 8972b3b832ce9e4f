import HTTP
import Mustache

/// Renders a page template inside the layout with the catalog of the request's language.
public struct PageRenderer: Sendable {
    /// The templates once per language, with `{{t.key}}` texts folded in when they were loaded.
    private let templates: [Language: TemplateLibrary]
    let messages: Messages
    let csrf: CSRFProtection
    /// Whether a `{{name}}` the view-model lacks is an error (`SiteConfiguration.checksTemplateNames`).
    private let checksNames: Bool

    /// Binds the catalog of each language into its own copy of the templates.
    init(templates: TemplateLibrary, messages: Messages, csrf: CSRFProtection, checksNames: Bool = false) {
        var byLanguage: [Language: TemplateLibrary] = [:]
        for language in Language.allCases {
            byLanguage[language] = templates.bindingConstant("t", to: messages.templateValue(language))
        }
        self.templates = byLanguage
        self.messages = messages
        self.csrf = csrf
        self.checksNames = checksNames
    }

    /// Renders page `name` for the request being handled: the view-model's values, plus everything
    /// the layout shows (language, the page's own address, the user's menu and unread notices, the
    /// cart link) and the CSRF token `{{csrf}}`, all taken from `context`.
    /// `capacity` is the size the page is expected to reach, for a page known to be large.
    func page(
        _ name: String, _ viewModel: some Encodable = MustacheObject(), context: some SiteContext,
        status: Status = .ok, capacity: Int = 16 * 1024
    ) throws -> Response {
        try render(
            name, viewModel, layout: LayoutViewModel(context: context.app), csrfToken: context.app.csrfToken, status: status,
            capacity: capacity)
    }

    /// Renders a page with POST forms as `page` does, after making sure there is a CSRF token
    /// (starting a visitor pre-session when needed), and with a new key for its forms,
    /// `{{requestKey}}` (`FormKey`), which a form that changes something sends back.
    func formPage(
        _ name: String, _ viewModel: some Encodable = MustacheObject(), context: inout some SiteContext,
        status: Status = .ok, capacity: Int = 16 * 1024
    ) throws -> Response {
        let token = csrf.ensureToken(&context.app)
        return try render(
            name, viewModel, layout: LayoutViewModel(context: context.app), csrfToken: token, formKey: FormKey.new(), status: status,
            capacity: capacity)
    }

    /// Renders an error page inside `layout`, which `ErrorPage` makes for whoever is looking: the
    /// request's context when its session was read, or what a request refused before that shows.
    func errorPage(_ name: String, _ viewModel: some Encodable, layout: LayoutViewModel, status: Status) throws -> Response {
        try render(name, viewModel, layout: layout, csrfToken: layout.csrfToken, status: status)
    }

    private func render(
        _ name: String, _ viewModel: some Encodable, layout: LayoutViewModel, csrfToken: String?, formKey: FormKey? = nil,
        status: Status, capacity: Int = 16 * 1024
    ) throws -> Response {
        let encoder = MustacheEncoder()
        guard case .object(var model) = try encoder.encode(viewModel), let library = templates[layout.language] else {
            throw HTTPError(.internalServerError)
        }
        model["layout"] = try encoder.encode(layout.values(messages))
        if let csrfToken { model["csrf"] = .string(csrfToken) }
        if let formKey { model["requestKey"] = .string(formKey.value) }
        return .html(try library.render(name, .object(model), requiringNames: checksNames, capacity: capacity), status: status)
    }

    /// Renders a partial on its own (no layout), for fragments that are cached and placed into pages.
    /// The result is UTF-8.
    func fragment(_ name: String, _ values: MustacheObject, language: Language) throws -> [UInt8] {
        guard let library = templates[language] else { throw HTTPError(.internalServerError) }
        return try library.render(name, .object(values), requiringNames: checksNames)
    }

    /// Renders a partial on its own from a view-model, as `fragment` does from values.
    func fragment(_ name: String, _ viewModel: some Encodable, language: Language) throws -> [UInt8] {
        guard case .object(let values) = try MustacheEncoder().encode(viewModel) else { throw HTTPError(.internalServerError) }
        return try fragment(name, values, language: language)
    }

    /// The text for `key` in the request's language.
    func text(_ key: String, _ context: some SiteContext) -> String {
        messages.text(key, context.app.language)
    }
}
