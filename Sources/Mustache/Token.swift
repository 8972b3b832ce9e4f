/// One piece of template source as the lexer cuts it: a run of text, a line ending, or a tag.
///
/// The standalone-line stage then marks tokens as removed and records indentation; the parser
/// skips removed tokens.
struct Token {
    /// What the token is; tag kinds are named after their sigil's meaning.
    enum Kind: Equatable {
        /// Text without line endings.
        case text
        /// `\n` or `\r\n`.
        case newline
        /// `{{name}}`.
        case variable
        /// `{{{name}}}` or `{{& name}}`.
        case unescapedVariable
        /// `{{#name}}`.
        case section
        /// `{{^name}}`.
        case invertedSection
        /// `{{/name}}`.
        case sectionEnd
        /// `{{! text}}`.
        case comment
        /// `{{> name}}`.
        case partial
        /// `{{< name}}`.
        case parent
        /// `{{$ name}}`.
        case block
        /// `{{=<% %>=}}`.
        case delimiterChange
    }

    let kind: Kind
    /// The source bytes of a text or newline token; empty for tags.
    var text: ArraySlice<UInt8>
    /// The tag's name; empty for text, newlines, comments and delimiter changes.
    let name: String
    /// The line the token starts on, counting from 1.
    let line: Int
    /// Whether a whitespace rule removed this token from the output.
    var isRemoved = false
    /// Whether the tag stands alone on its line (or, for a parent, with its closing tag).
    var isStandalone = false
    /// Whether this block is an argument: a direct child of a parent tag.
    var isArgument = false
    /// Whether the line ending right after this argument block's tag was removed.
    var startsOnNextLine = false
    /// Whitespace to prepend to each line the partial, parent or block override renders.
    var indentation: [UInt8] = []

    /// Whether the token is text made only of spaces and tabs.
    var isWhitespace: Bool {
        kind == .text && text.allSatisfy { $0 == .space || $0 == .tab }
    }

    /// Whether the token is a tag that disappears with its line when alone on it.
    var canStandAlone: Bool {
        switch kind {
        case .text, .newline, .variable, .unescapedVariable: false
        default: true
        }
    }
}
