import Mustache

/// The message catalogs: every user-facing string in each language, looked up by key.
public struct Messages: Sendable {
    private let tables: [Language: [String: String]]
    /// Texts with `%@` placeholders, split once at the placeholders.
    private let patterns: [Language: [String: [String]]]
    private let templateValues: [Language: MustacheValue]

    /// The built-in catalogs (Simplified Chinese and English), with the site's deadlines filled
    /// into the texts that name them (`{hold_minutes}`, `{accept_minutes}`).
    public init(deadlines: Deadlines = Deadlines()) {
        let settings = ["{hold_minutes}": String(deadlines.holdMinutes), "{accept_minutes}": String(deadlines.acceptMinutes)]
        let filled = { (table: [String: String]) in
            table.mapValues { text in
                text.contains("{") ? settings.reduce(text) { $0.replacing($1.key, with: $1.value) } : text
            }
        }
        self.init(tables: [.chinese: filled(Messages.chinese), .english: filled(Messages.english)])
    }

    init(tables: [Language: [String: String]]) {
        self.tables = tables
        patterns = tables.mapValues { table in
            table.filter { $0.value.contains("%@") }.mapValues { text in
                text.split(separator: "%@", omittingEmptySubsequences: false).map(String.init)
            }
        }
        templateValues = tables.mapValues { table in .object(MustacheObject(table.mapValues { .string($0) })) }
    }

    /// The text for `key` in `language`; the key itself when missing (a test forbids that).
    public func text(_ key: String, _ language: Language) -> String {
        tables[language]?[key] ?? key
    }

    /// The text for `key` with `%@` replaced by `argument`.
    public func text(_ key: String, _ language: Language, _ argument: String) -> String {
        text(key, language, arguments: [argument])
    }

    /// The text for `key` with each `%@` replaced by the next of `arguments`, in order.
    public func text(_ key: String, _ language: Language, arguments: [String]) -> String {
        guard let pieces = patterns[language]?[key] else { return text(key, language) }
        var result = pieces[0]
        for index in 1..<pieces.count {
            if index - 1 < arguments.count { result += arguments[index - 1] }
            result += pieces[index]
        }
        return result
    }

    /// True when `language`'s catalog has a text for `key`.
    public func hasText(_ key: String, _ language: Language) -> Bool {
        tables[language]?[key] != nil
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
    /// The text with every `target` character replaced by `replacement`.
    func replacingAll(_ target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
