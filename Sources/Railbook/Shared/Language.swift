/// A language the site speaks. Every user-facing string comes from its message catalog.
public enum Language: String, CaseIterable, Sendable {
    case chinese = "zh-CN"
    case english = "en"

    /// The value of `<html lang>` and of the language cookie.
    public var code: String { rawValue }

    /// The language's own name, shown in the switch.
    public var nativeName: String {
        switch self {
        case .chinese: "中文"
        case .english: "English"
        }
    }

    /// The site's default when a browser states no language we speak.
    public static let standard = Language.chinese

    /// The language for a cookie value (`zh-CN`, `en`), or nil when unknown.
    public init?(code: String) {
        switch code.lowercased() {
        case "zh-cn", "zh", "zh-hans": self = .chinese
        case "en": self = .english
        default: return nil
        }
    }

    /// The best language for an `Accept-Language` header: the highest-weighted one we speak.
    public static func preferred(acceptLanguage header: String?) -> Language {
        guard let header else { return standard }
        var best: (language: Language, weight: Double)?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";")
            guard let tag = parts.first?.trimmingCharacters(in: " ").lowercased() else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.trimmingCharacters(in: " ")
                if pair.hasPrefix("q="), let value = Double(pair.dropFirst(2)) { weight = value }
            }
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            let language: Language? =
                switch primary {
                case "zh": .chinese
                case "en": .english
                default: nil
                }
            if let language, weight > 0, weight > (best?.weight ?? 0) { best = (language, weight) }
        }
        return best?.language ?? standard
    }
}

extension StringProtocol {
    /// The text without leading and trailing occurrences of `character`.
    func trimmingCharacters(in character: Character) -> String {
        var text = self[...]
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return String(text)
    }
}
