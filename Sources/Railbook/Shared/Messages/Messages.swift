import Mustache

/// The message catalogs: every user-facing string in each language, looked up by key.
public struct Messages: Sendable {
    private let tables: [Language: [String: String]]
    private let templateValues: [Language: MustacheValue]

    /// The built-in catalogs (Simplified Chinese and English).
    public init() {
        self.init(tables: [.chinese: Messages.chinese, .english: Messages.english])
    }

    init(tables: [Language: [String: String]]) {
        self.tables = tables
        templateValues = tables.mapValues { table in .object(table.mapValues { .string($0) }) }
    }

    /// The text for `key` in `language`; the key itself when missing (a test forbids that).
    public func text(_ key: String, _ language: Language) -> String {
        tables[language]?[key] ?? key
    }

    /// The text for `key` with `%@` replaced by `argument`.
    public func text(_ key: String, _ language: Language, _ argument: String) -> String {
        text(key, language).replacingAll("%@", with: argument)
    }

    /// The text for `key` with each `%@` replaced by the next of `arguments`, in order.
    public func text(_ key: String, _ language: Language, arguments: [String]) -> String {
        var pieces = text(key, language).split(separator: "%@", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count > 1 else { return pieces.first ?? "" }
        var result = pieces.removeFirst()
        for (index, piece) in pieces.enumerated() {
            result += (index < arguments.count ? arguments[index] : "") + piece
        }
        return result
    }

    /// The keys of one language's catalog.
    public func keys(_ language: Language) -> Set<String> {
        Set(tables[language].map { Array($0.keys) } ?? [])
    }

    /// The whole catalog as a template value (`{{t.key}}`), built once.
    public func templateValue(_ language: Language) -> MustacheValue {
        templateValues[language] ?? .null
    }
}

extension String {
    /// The text with every occurrence of `target` replaced.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
