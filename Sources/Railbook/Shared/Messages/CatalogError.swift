/// A problem with a message catalog (`Locales/*/*.po`): what went wrong, in which file, on which line.
/// Any of them stops start-up, as a template's syntax error does.
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// The file could not be read (missing, a folder, no permission).
        case unreadable
        /// The file is not UTF-8.
        case notUTF8
        /// A quoted string without its closing quote, or with a bare `"` inside.
        case unterminatedString
        /// A backslash escape gettext's catalogs do not use here (`\q`).
        case unknownEscape(String)
        /// A line that is no comment, keyword or quoted string.
        case unexpectedText
        /// A keyword where it cannot be (`msgstr` before its `msgid`, `msgstr[0]` without `msgid_plural`…).
        case misplaced(String)
        /// An entry whose `msgid` has no `msgstr`.
        case missingText(key: String)
        /// A plural text numbered out of turn (`msgstr[2]` right after `msgstr[0]`).
        case formIndex(expected: Int, found: Int)
        /// A key defined a second time.
        case duplicate(key: String, firstLine: Int)
        /// A key another catalog of the same language (named) defines too.
        case definedInAnotherCatalog(key: String, otherFile: String, otherLine: Int)
        /// A `Plural-Forms` other than that of another catalog of the same language (named).
        case pluralFormsDiffer(here: String, there: String, otherFile: String)
        /// A locales folder whose languages' folders hold no catalog at all.
        case noCatalogs
        /// No header entry (`msgid ""`), or one marked fuzzy.
        case noHeader
        /// A header field missing or not as Railbook needs it (`Content-Type` in UTF-8, `Plural-Forms`).
        case headerField(String)
        /// A `Plural-Forms` header that does not read `nplurals=N; plural=EXPRESSION;`.
        case pluralForms(String)
        /// A plural entry with another number of texts than `nplurals`.
        case formCount(key: String, expected: Int, found: Int)
        /// An entry whose text is empty (the page would show nothing).
        case emptyText(key: String)
        /// An entry with a `msgctxt`: Railbook's keys say everything themselves.
        case context(key: String)
        /// A text mixing numbered (`%1$@`) and unnumbered (`%@`) placeholders.
        case mixedPlaceholders(key: String)
        /// A text with two or more `%@` that a translation could not reorder: they must be numbered.
        case unnumberedPlaceholders(key: String)
        /// A text using a numbered placeholder beyond the arguments it names (`%3$@` without `%2$@`).
        case placeholderGap(key: String, missing: Int)
        /// A key the other catalog (named) has and this one lacks.
        case missingKey(key: String, otherFile: String, otherLine: Int)
        /// A key that is a plural entry in one catalog and a plain one in the other.
        case pluralMismatch(key: String, otherFile: String)
        /// A key whose texts take other arguments (by number) than the other catalog's.
        case placeholderMismatch(key: String, here: [Int], there: [Int], otherFile: String)
    }

    /// What went wrong.
    public let reason: Reason
    /// The catalog at fault, as it was opened (`./Locales/en/booking.po`).
    public let file: String
    /// The line at fault, counting from 1; 0 when the problem has no line (the whole file).
    public let line: Int

    /// Creates an error for `file` at `line`.
    public init(_ reason: Reason, file: String, line: Int) {
        self.reason = reason
        self.file = file
        self.line = line
    }

    /// A one-line message such as `./Locales/en/booking.po, line 12: "book_title" has no msgstr`.
    public var description: String {
        line > 0 ? "\(file), line \(line): \(reason.message)" : "\(file): \(reason.message)"
    }
}

extension CatalogError.Reason {
    /// The reason as a sentence fragment for ``CatalogError/description``.
    var message: String {
        switch self {
        case .unreadable: "cannot be read"
        case .notUTF8: "is not UTF-8"
        case .unterminatedString: "a quoted string is not closed (write \\\" for a quote inside it)"
        case .unknownEscape(let escape): "unknown escape \(escape) (use \\n, \\t, \\\", \\\\)"
        case .unexpectedText: "expected a comment, a keyword (msgid, msgid_plural, msgstr) or a quoted string"
        case .misplaced(let keyword): "\(keyword) is out of place here"
        case .missingText(let key): "\"\(key)\" has no msgstr"
        case .formIndex(let expected, let found): "msgstr[\(found)] where msgstr[\(expected)] comes next"
        case .duplicate(let key, let firstLine): "\"\(key)\" is defined twice (first on line \(firstLine))"
        case .definedInAnotherCatalog(let key, let otherFile, let otherLine):
            "\"\(key)\" is defined in \(otherFile), line \(otherLine) too: a key belongs to one catalog of its language"
        case .pluralFormsDiffer(let here, let there, let otherFile):
            "Plural-Forms \"\(here)\" differs from \(otherFile)'s \"\(there)\": the catalogs of a language share one"
        case .noCatalogs: "no catalog (LANGUAGE/FEATURE.po) in any language's folder"
        case .noHeader: "the header entry (msgid \"\") is missing or marked fuzzy"
        case .headerField(let field): "the header needs \(field)"
        case .pluralForms(let text): "Plural-Forms \"\(text)\" does not read nplurals=N; plural=EXPRESSION;"
        case .formCount(let key, let expected, let found): "\"\(key)\" has \(found) plural texts where Plural-Forms says \(expected)"
        case .emptyText(let key): "\"\(key)\" has an empty text"
        case .context(let key): "\"\(key)\" has a msgctxt; Railbook's catalogs do not use them"
        case .mixedPlaceholders(let key): "\"\(key)\" mixes numbered (%1$@) and unnumbered (%@) placeholders"
        case .unnumberedPlaceholders(let key): "\"\(key)\" has several %@; number them (%1$@, %2$@) so a translation can reorder them"
        case .placeholderGap(let key, let missing): "\"\(key)\" goes beyond its arguments: it has no %\(missing)$@ but a higher number"
        case .missingKey(let key, let otherFile, let otherLine): "\"\(key)\" is missing here but defined in \(otherFile), line \(otherLine)"
        case .pluralMismatch(let key, let otherFile): "\"\(key)\" is a plural entry in one of this file and \(otherFile) and a plain one in the other"
        case .placeholderMismatch(let key, let here, let there, let otherFile):
            "\"\(key)\" takes arguments \(Self.list(here)) here but \(Self.list(there)) in \(otherFile)"
        }
    }

    private static func list(_ numbers: [Int]) -> String {
        numbers.isEmpty ? "none" : numbers.map { "%\($0)$@" }.joined(separator: ", ")
    }
}
