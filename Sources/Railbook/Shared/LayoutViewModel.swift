import HTTP
import Mustache

/// What the layout shows around every page: language, language switch and navigation.
struct LayoutViewModel {
    let language: Language
    /// The page's own address, so the language switch can return to it.
    let currentTarget: String

    var mustacheValue: MustacheValue {
        let back = PercentEncoding.encode(SafePath.validated(currentTarget))
        let languages: [MustacheValue] = Language.allCases.map { option in
            .object([
                "code": .string(option.code),
                "name": .string(option.nativeName),
                "href": .string("/language/\(option.code)?back=\(back)"),
                "current": .bool(option == language),
            ])
        }
        return .object([
            "lang": .string(language.code),
            "languages": .list(languages),
        ])
    }
}
