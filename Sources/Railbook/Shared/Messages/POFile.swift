import Foundation

/// A gettext catalog (`.po`) as read: its header's fields and its entries in file order.
///
/// Reads what Railbook's catalogs use of the format: `#.` comments and `#,` flags, `msgctxt`,
/// `msgid`, `msgid_plural`, `msgstr` and `msgstr[n]`, strings continued over several quoted lines,
/// and the escapes `\n \t \r \" \\`. Fuzzy entries are left out, as `msgfmt` leaves them out;
/// obsolete ones (`#~`), source references (`#:`) and translators' own notes (`# `) are skipped.
/// Anything else is a `CatalogError` naming the file and line.
struct POFile: Sendable {
    /// The header's fields (`Language`, `Content-Type`, `Plural-Forms`…); nil when the catalog has no header.
    let header: [String: String]?
    /// The entries other than the header, without fuzzy ones.
    let entries: [POEntry]

    /// Reads the catalog at `path` (named so in errors).
    init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw CatalogError(.unreadable, file: path, line: 0) }
        guard let text = String(validating: data, as: UTF8.self) else { throw CatalogError(.notUTF8, file: path, line: 0) }
        try self.init(parsing: text, file: path)
    }

    /// Reads catalog `text`, naming it `file` in errors.
    init(parsing text: String, file: String) throws {
        var parser = POParser(file: file)
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            try parser.read(line, number: index + 1)
        }
        try parser.finish()
        header = parser.header
        entries = parser.entries
    }
}

/// Reads a catalog line by line for `POFile`.
private struct POParser {
    /// An entry being read.
    private struct Draft {
        var context: String?
        var id: String?
        var pluralID: String?
        var texts: [String] = []
        /// Whether the texts are `msgstr[n]` (plural) rather than one `msgstr`.
        var hasIndexedTexts = false
        var comments: [String] = []
        var flags: Set<String> = []
        var line = 0
        /// What a continued string (a line holding only a quoted string) adds to.
        var field: Field?

        var isComplete: Bool { id != nil && !texts.isEmpty }
        var hasKeyword: Bool { context != nil || id != nil }
    }

    private enum Field { case context, id, pluralID, text }

    let file: String
    private(set) var header: [String: String]?
    private(set) var entries: [POEntry] = []
    private var draft = Draft()
    private var firstLines: [String: Int] = [:]

    init(file: String) {
        self.file = file
    }

    mutating func read(_ raw: Substring, number: Int) throws {
        let line = raw.trimmingWhitespace
        if line.isEmpty { return }
        if line.first == "#" {
            try finishIfComplete()
            if line.hasPrefix("#.") {
                draft.comments.append(String(line.dropFirst(2).trimmingWhitespace))
            } else if line.hasPrefix("#,") {
                for flag in line.dropFirst(2).split(separator: ",") { draft.flags.insert(String(flag.trimmingWhitespace)) }
            }
            draft.field = nil
            return
        }
        if line.first == "\"" {
            guard let field = draft.field else { throw error(.misplaced("a continued string"), number) }
            try append(string(line, number), to: field)
            return
        }
        let keyword = line.prefix { $0 != " " && $0 != "\t" && $0 != "\"" }
        let value = try string(line.dropFirst(keyword.count).trimmingWhitespace, number)
        switch keyword {
        case "msgctxt":
            try finishIfComplete()
            guard !draft.hasKeyword else { throw error(.misplaced("msgctxt"), number) }
            draft.context = value
            draft.field = .context
        case "msgid":
            try finishIfComplete()
            guard draft.id == nil else { throw error(.missingText(key: draft.id ?? ""), draft.line) }
            draft.id = value
            draft.line = number
            draft.field = .id
        case "msgid_plural":
            guard draft.id != nil, draft.pluralID == nil, draft.texts.isEmpty else { throw error(.misplaced("msgid_plural"), number) }
            draft.pluralID = value
            draft.field = .pluralID
        case "msgstr":
            guard draft.id != nil, draft.pluralID == nil, draft.texts.isEmpty else { throw error(.misplaced("msgstr"), number) }
            draft.texts = [value]
            draft.field = .text
        default:
            guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let index = Int(keyword.dropFirst(7).dropLast()) else {
                throw error(.unexpectedText, number)
            }
            guard draft.id != nil, draft.pluralID != nil else { throw error(.misplaced(String(keyword)), number) }
            guard index == draft.texts.count else { throw error(.formIndex(expected: draft.texts.count, found: index), number) }
            draft.texts.append(value)
            draft.hasIndexedTexts = true
            draft.field = .text
        }
    }

    /// Ends the last entry; an entry left without its text is an error.
    mutating func finish() throws {
        if draft.hasKeyword && !draft.isComplete { throw error(.missingText(key: draft.id ?? ""), draft.line) }
        try finishIfComplete()
    }

    private mutating func finishIfComplete() throws {
        guard draft.isComplete, let id = draft.id else { return }
        if draft.pluralID != nil && !draft.hasIndexedTexts { throw error(.missingText(key: id), draft.line) }
        let entry = POEntry(context: draft.context, id: id, pluralID: draft.pluralID, texts: draft.texts, comments: draft.comments,
                            flags: draft.flags, line: draft.line)
        draft = Draft()
        let key = (entry.context.map { $0 + "\u{4}" } ?? "") + entry.id
        if let first = firstLines[key] { throw error(.duplicate(key: entry.id, firstLine: first), entry.line) }
        firstLines[key] = entry.line
        if entry.isFuzzy { return }
        if entry.isHeader {
            header = Self.fields(of: entry.texts[0])
        } else {
            entries.append(entry)
        }
    }

    private mutating func append(_ text: String, to field: Field) throws {
        switch field {
        case .context: draft.context? += text
        case .id: draft.id? += text
        case .pluralID: draft.pluralID? += text
        case .text: draft.texts[draft.texts.count - 1] += text
        }
    }

    /// The text of a quoted string with its escapes undone; nothing but spaces may follow it.
    private func string(_ quoted: Substring, _ number: Int) throws -> String {
        guard quoted.first == "\"" else { throw error(.unexpectedText, number) }
        var text = ""
        var scalars = quoted.unicodeScalars.dropFirst().makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\"":
                var rest = String.UnicodeScalarView()
                while let after = scalars.next() { rest.append(after) }
                guard String(rest).trimmingWhitespace.isEmpty else { throw error(.unexpectedText, number) }
                return text
            case "\\":
                guard let escaped = scalars.next() else { throw error(.unterminatedString, number) }
                switch escaped {
                case "n": text += "\n"
                case "t": text += "\t"
                case "r": text += "\r"
                case "\"": text += "\""
                case "\\": text += "\\"
                default: throw error(.unknownEscape("\\" + String(escaped)), number)
                }
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        throw error(.unterminatedString, number)
    }

    /// The `Name: value` lines of a header text.
    private static func fields(of text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon].trimmingWhitespace)] = String(line[line.index(after: colon)...].trimmingWhitespace)
        }
        return fields
    }

    private func error(_ reason: CatalogError.Reason, _ line: Int) -> CatalogError {
        CatalogError(reason, file: file, line: line)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and carriage returns.
    var trimmingWhitespace: SubSequence {
        let isSpace = { (character: Character) in character == " " || character == "\t" || character == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
