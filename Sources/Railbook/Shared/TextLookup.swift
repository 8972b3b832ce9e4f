/// The copy of one language, as a view-model reads it: all a view-model needs of the catalogs,
/// instead of the renderer or the request's context. `text("order_title")`,
/// `text("seats_left", "5")`, `text("results_heading", count: 3, "3")`.
struct TextLookup: Sendable {
    let messages: Messages
    let language: Language

    /// The text for `key`.
    func callAsFunction(_ key: String) -> String {
        messages.text(key, language)
    }

    /// The text for `key` with its placeholders filled by `arguments`, by number.
    func callAsFunction(_ key: String, _ arguments: String...) -> String {
        messages.text(key, language, arguments: arguments)
    }

    /// The plural entry `key` in the form for `count`, its placeholders filled by `arguments`
    /// (the count itself, when the text shows it, is one of them).
    func callAsFunction(_ key: String, count: Int, _ arguments: String...) -> String {
        arguments.isEmpty ? messages.text(key, language, count: count) : messages.text(key, language, count: count, arguments: arguments)
    }
}

extension PageRenderer {
    /// The copy of the request's language.
    func texts(_ context: some SiteContext) -> TextLookup {
        TextLookup(messages: messages, language: context.app.language)
    }
}
