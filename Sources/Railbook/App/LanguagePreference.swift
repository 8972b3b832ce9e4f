import HTTP

/// Chooses the page language: the `lang` cookie set by the switch, else `Accept-Language`.
enum LanguagePreference {
    /// The cookie holding the visitor's choice.
    static let cookieName = "lang"

    static func language(for cookies: [String: String], headers: Headers) -> Language {
        if let chosen = cookies[cookieName], let language = Language(code: chosen) { return language }
        return Language.preferred(acceptLanguage: headers["Accept-Language"])
    }
}
