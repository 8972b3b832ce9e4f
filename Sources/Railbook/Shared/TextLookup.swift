/// The copy of one language, as a view-model reads it: all a view-model needs of the catalogs,
/// instead of the renderer or the request's context. `text("order_title")`,
/// `text("seats_left", "5")`.
struct TextLookup: Sendable {
    let messages: Messages
    let language: Language

    /// The text for `key`.
    func callAsFunction(_ key: String) -> String {
        messages.text(key, language)
    }

    /// The text for `key` with its placeholders filled by `arguments`, in order.
    func callAsFunction(_ key: String, _ arguments: String...) -> String {
        messages.text(key, language, arguments: arguments)
    }
}

extension PageRenderer {
    /// The copy of the request's language.
    func texts(_ context: some SiteContext) -> TextLookup {
        TextLookup(messages: messages, language: context.app.language)
    }
}
