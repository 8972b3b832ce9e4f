import HTTP
import Mustache

/// Renders a page template inside the layout with the catalog of the request's language.
public struct PageRenderer: Sendable {
    let templates: TemplateLibrary
    let messages: Messages

    /// Renders template `name` with the page's values plus `t` (texts) and `layout`.
    func render(_ name: String, _ values: [String: MustacheValue], language: Language, target: String,
                status: Status = .ok) throws -> Response {
        var model = values
        model["t"] = messages.templateValue(language)
        model["layout"] = LayoutViewModel(language: language, currentTarget: target).mustacheValue
        return .html(try templates.render(name, .object(model)), status: status)
    }

    /// Renders a page for the request being handled.
    func render(_ name: String, _ values: [String: MustacheValue] = [:], request: Request, context: AppContext,
                status: Status = .ok) throws -> Response {
        try render(name, values, language: context.language, target: request.target, status: status)
    }
}
