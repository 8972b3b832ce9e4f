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
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else { throw CatalogError(.notUTF8, file: path, line: 0) }
        try self.init(bytes: bytes, file: path)
    }

    /// Reads catalog `text`, naming it `file` in errors.
    init(parsing text: String, file: String) throws {
        try self.init(bytes: Array(text.utf8), file: file)
    }

    /// Reads the UTF-8 bytes of a catalog line by line.
    private init(bytes: [UInt8], file: String) throws {
        var parser = POParser(file: file)
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            try parser.read(line, number: number)
        }
        try parser.finish()
        header = parser.header
        entries = parser.entries
    }
}

/// Reads a catalog line by line for `POFile`, on its UTF-8 bytes.
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

    /// The keyword a line starts with.
    private enum Keyword {
        case context, id, pluralID, text
        case pluralText(Int)

        /// The keyword `bytes` spell (`msgstr[1]` → `.pluralText(1)`), or nil.
        init?(_ bytes: ArraySlice<UInt8>) {
            if bytes.elementsEqual("msgid".utf8) {
                self = .id
                return
            }
            if bytes.elementsEqual("msgstr".utf8) {
                self = .text
                return
            }
            if bytes.elementsEqual("msgid_plural".utf8) {
                self = .pluralID
                return
            }
            if bytes.elementsEqual("msgctxt".utf8) {
                self = .context
                return
            }
            guard bytes.starts(with: "msgstr[".utf8), bytes.last == UInt8(ascii: "]"),
                let index = Int(String(decoding: bytes.dropFirst(7).dropLast(), as: UTF8.self))
            else { return nil }
            self = .pluralText(index)
        }
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), hash = UInt8(ascii: "#")

    let file: String
    private(set) var header: [String: String]?
    private(set) var entries: [POEntry] = []
    private var draft = Draft()
    private var firstLines: [String: Int] = [:]

    init(file: String) {
        self.file = file
    }

    mutating func read(_ raw: ArraySlice<UInt8>, number: Int) throws {
        let line = Self.trimmed(raw)
        guard let first = line.first else { return }
        if first == Self.hash {
            try finishIfComplete()
            let kind = line.dropFirst().first
            if kind == UInt8(ascii: ".") {
                draft.comments.append(String(decoding: Self.trimmed(line.dropFirst(2)), as: UTF8.self))
            } else if kind == UInt8(ascii: ",") {
                for flag in line.dropFirst(2).split(separator: UInt8(ascii: ",")) {
                    draft.flags.insert(String(decoding: Self.trimmed(flag), as: UTF8.self))
                }
            }
            draft.field = nil
            return
        }
        if first == Self.quote {
            guard let field = draft.field else { throw error(.misplaced("a continued string"), number) }
            try append(string(line, number), to: field)
            return
        }
        let keywordBytes = line.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != Self.quote }
        let value = try string(Self.trimmed(line.dropFirst(keywordBytes.count)), number)
        switch Keyword(keywordBytes) {
        case .context:
            try finishIfComplete()
            guard !draft.hasKeyword else { throw error(.misplaced("msgctxt"), number) }
            draft.context = value
            draft.field = .context
        case .id:
            try finishIfComplete()
            guard draft.id == nil else { throw error(.missingText(key: draft.id ?? ""), draft.line) }
            draft.id = value
            draft.line = number
            draft.field = .id
        case .pluralID:
            guard draft.id != nil, draft.pluralID == nil, draft.texts.isEmpty else { throw error(.misplaced("msgid_plural"), number) }
            draft.pluralID = value
            draft.field = .pluralID
        case .text:
            guard draft.id != nil, draft.pluralID == nil, draft.texts.isEmpty else { throw error(.misplaced("msgstr"), number) }
            draft.texts = [value]
            draft.field = .text
        case .pluralText(let index):
            guard draft.id != nil, draft.pluralID != nil else { throw error(.misplaced("msgstr[\(index)]"), number) }
            guard index == draft.texts.count else { throw error(.formIndex(expected: draft.texts.count, found: index), number) }
            draft.texts.append(value)
            draft.hasIndexedTexts = true
            draft.field = .text
        case nil:
            throw error(.unexpectedText, number)
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
        let entry = POEntry(
            context: draft.context, id: id, pluralID: draft.pluralID, texts: draft.texts, comments: draft.comments,
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
    private func string(_ quoted: ArraySlice<UInt8>, _ number: Int) throws -> String {
        guard quoted.first == Self.quote else { throw error(.unexpectedText, number) }
        var text: [UInt8] = []
        text.reserveCapacity(quoted.count)
        var index = quoted.startIndex + 1
        while index < quoted.endIndex {
            let byte = quoted[index]
            index += 1
            if byte == Self.quote {
                guard Self.trimmed(quoted[index...]).isEmpty else { throw error(.unexpectedText, number) }
                return String(decoding: text, as: UTF8.self)
            }
            guard byte == Self.backslash else {
                text.append(byte)
                continue
            }
            guard index < quoted.endIndex else { throw error(.unterminatedString, number) }
            let escaped = quoted[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "r"): text.append(UInt8(ascii: "\r"))
            case Self.quote, Self.backslash: text.append(escaped)
            default:
                let character = String(decoding: quoted[(index - 1)...], as: UTF8.self).first.map(String.init) ?? ""
                throw error(.unknownEscape("\\" + character), number)
            }
        }
        throw error(.unterminatedString, number)
    }

    /// The bytes without leading and trailing spaces, tabs and carriage returns.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end && isSpace(bytes[start]) { start += 1 }
        while end > start && isSpace(bytes[end - 1]) { end -= 1 }
        return bytes[start..<end]
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
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
