import Mustache

/// The message catalogs: every user-facing text in each language, looked up by key. They are read
/// at start-up from a folder per language, `Locales/zh_CN/` and `Locales/en/`, holding a gettext
/// catalog per feature (`booking.po`, whose msgids are the keys; see `load(from:deadlines:)`),
/// checked against each other, and given the site's deadlines: `{hold_minutes}` and
/// `{accept_minutes}` as numbers, `{hold_duration}` and `{accept_duration}` as the language's
/// `duration_minutes` says them ("30 minutes", "1 minute").
///
/// A plural entry (`msgid_plural`) has a text per plural form of its language; `text(_:_:count:)`
/// picks the one its catalog's `Plural-Forms` gives the count.
public struct Messages: Sendable {
    private let tables: [Language: [String: String]]
    /// Texts with placeholders, cut once at them.
    private let patterns: [Language: [String: MessagePattern]]
    /// The texts of plural entries, one per plural form.
    private let plurals: [Language: [String: [MessagePattern]]]
    private let pluralRules: [Language: PluralRule]
    private let templateValues: [Language: MustacheValue]

    /// The texts of `catalogs`, once they agree on keys and arguments, with `deadlines` filled in.
    init(catalogs: [Language: Catalog], deadlines: Deadlines = Deadlines()) throws {
        let reference = catalogs[.standard]
        for catalog in catalogs.values { try reference?.checkAgainst(catalog) }
        var tables: [Language: [String: String]] = [:], plurals: [Language: [String: [MessagePattern]]] = [:]
        for (language, catalog) in catalogs {
            let minutes = { (count: Int) in
                catalog.plurals["duration_minutes"].map { forms in
                    MessagePattern(forms[min(catalog.pluralRule.form(for: count), forms.count - 1)]).filled(with: [String(count)])
                } ?? String(count)
            }
            let settings = [
                "{hold_minutes}": String(deadlines.holdMinutes), "{accept_minutes}": String(deadlines.acceptMinutes),
                "{hold_duration}": minutes(deadlines.holdMinutes), "{accept_duration}": minutes(deadlines.acceptMinutes),
            ]
            let filled = { (text: String) in
                text.utf8.contains(UInt8(ascii: "{")) ? settings.reduce(text) { $0.replacing($1.key, with: $1.value) } : text
            }
            tables[language] = catalog.texts.mapValues(filled)
            plurals[language] = catalog.plurals.mapValues { $0.map { MessagePattern(filled($0)) } }
        }
        self.tables = tables
        self.plurals = plurals
        pluralRules = catalogs.mapValues(\.pluralRule)
        patterns = tables.mapValues { table in
            table.compactMapValues { text in
                guard MessagePattern.mayHavePlaceholders(text) else { return nil }
                let pattern = MessagePattern(text)
                return pattern.hasPlaceholders ? pattern : nil
            }
        }
        templateValues = tables.mapValues { table in .object(MustacheObject(table.mapValues { .string($0) })) }
    }

    /// The text for `key` in `language`; the key itself when missing (a test forbids that).
    public func text(_ key: String, _ language: Language) -> String {
        tables[language]?[key] ?? key
    }

    /// The text for `key` with its placeholder replaced by `argument`.
    public func text(_ key: String, _ language: Language, _ argument: String) -> String {
        text(key, language, arguments: [argument])
    }

    /// The text for `key` with each placeholder replaced by its argument: `%1$@` (or a lone `%@`)
    /// by the first of `arguments`, `%2$@` by the second, wherever the language puts them.
    public func text(_ key: String, _ language: Language, arguments: [String]) -> String {
        guard let pattern = patterns[language]?[key] else { return text(key, language) }
        return pattern.filled(with: arguments)
    }

    /// The text of the plural entry `key` for `count` things, with `count` as its one argument
    /// ("1 train", "2 trains").
    public func text(_ key: String, _ language: Language, count: Int) -> String {
        text(key, language, count: count, arguments: [String(count)])
    }

    /// The text of the plural entry `key` that `language`'s plural rule gives `count`, with its
    /// placeholders filled by `arguments` (which hold the count where the text shows it). A plain
    /// text's key gives that text, filled the same way.
    public func text(_ key: String, _ language: Language, count: Int, arguments: [String]) -> String {
        guard let forms = plurals[language]?[key], let rule = pluralRules[language] else { return text(key, language, arguments: arguments) }
        return forms[min(rule.form(for: count), forms.count - 1)].filled(with: arguments)
    }

    /// Whether `key` is a plural entry, whose text takes a count.
    public func isPlural(_ key: String) -> Bool {
        plurals[.standard]?[key] != nil
    }

    /// True when `language`'s catalog has a text for `key`.
    public func hasText(_ key: String, _ language: Language) -> Bool {
        tables[language]?[key] != nil
    }

    /// The keys of one language's catalog, plural entries included.
    public func keys(_ language: Language) -> Set<String> {
        Set((tables[language].map { Array($0.keys) } ?? []) + (plurals[language].map { Array($0.keys) } ?? []))
    }

    /// The catalog's plain texts as a template value (`{{t.key}}`), built once. Plural entries are
    /// not in it: they need a count, which the view-model gives.
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
