/// One entry of a gettext catalog (`.po`): its key (`msgid`), the plural key of a plural entry
/// (`msgid_plural`), its texts (`msgstr`, or `msgstr[0]`, `msgstr[1]`… of a plural entry), the
/// translator comments (`#.`) and flags (`#,`) above it, and the line its `msgid` is on.
struct POEntry: Sendable, Equatable {
    /// The `msgctxt`, when the entry has one.
    var context: String?
    /// The `msgid`: in Railbook's catalogs, the message key.
    var id: String
    /// The `msgid_plural` of a plural entry; nil for a plain one.
    var pluralID: String?
    /// The `msgstr` of a plain entry (one text), or the `msgstr[n]` of a plural entry, by `n`.
    var texts: [String]
    /// The `#.` comments above the entry, one per line, without the `#. `.
    var comments: [String] = []
    /// The `#,` flags above the entry (`fuzzy`, `c-format`…).
    var flags: Set<String> = []
    /// The line of the entry's `msgid`, counting from 1.
    var line: Int

    /// Whether this is a plural entry (`msgid_plural` with `msgstr[n]`).
    var isPlural: Bool { pluralID != nil }
    /// Whether a translator marked the entry as needing review; gettext does not use such texts.
    var isFuzzy: Bool { flags.contains("fuzzy") }
    /// Whether this is the catalog's header: the entry whose `msgid` is empty.
    var isHeader: Bool { id.isEmpty && context == nil }
}
