/// The first stage: cuts template source into text, line-ending and tag tokens.
///
/// Delimiter changes (`{{=<% %>=}}`) are applied here, since they change how the rest of the source is cut.
struct Lexer {
    private let source: [UInt8]
    private let templateName: String
    private var position = 0
    private var line = 1
    private var openingDelimiter = Array("{{".utf8)
    private var closingDelimiter = Array("}}".utf8)
    private var tokens: [Token] = []

    /// Cuts `source` into tokens; throws for unclosed tags, bad names and bad delimiters.
    static func tokens(in source: [UInt8], templateName: String) throws(TemplateError) -> [Token] {
        var lexer = Lexer(source: source, templateName: templateName)
        while lexer.position < source.count {
            guard let tagStart = lexer.firstIndex(of: lexer.openingDelimiter, from: lexer.position) else {
                lexer.appendText(upTo: source.count)
                break
            }
            lexer.appendText(upTo: tagStart)
            try lexer.lexTag()
        }
        return lexer.tokens
    }

    private init(source: [UInt8], templateName: String) {
        self.source = source
        self.templateName = templateName
    }

    /// Appends text from `position` to `end` as text tokens separated by newline tokens.
    private mutating func appendText(upTo end: Int) {
        var lineStart = position
        var index = position
        while index < end {
            if source[index] == .lineFeed {
                let hasCarriageReturn = index > lineStart && source[index - 1] == .carriageReturn
                let newlineStart = hasCarriageReturn ? index - 1 : index
                appendToken(.text, text: source[lineStart..<newlineStart])
                appendToken(.newline, text: source[newlineStart...index])
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        appendToken(.text, text: source[lineStart..<end])
        position = end
    }

    private mutating func appendToken(_ kind: Token.Kind, text: ArraySlice<UInt8> = [], name: String = "", line: Int? = nil) {
        if kind == .text && text.isEmpty { return }
        tokens.append(Token(kind: kind, text: text, name: name, line: line ?? self.line))
    }

    /// Lexes the tag whose opening delimiter starts at `position`.
    private mutating func lexTag() throws(TemplateError) {
        let tagLine = line
        var contentStart = position + openingDelimiter.count
        let sigil = contentStart < source.count ? source[contentStart] : 0
        let kind = Self.kind(forSigil: sigil)
        var closing = closingDelimiter
        if sigil == UInt8(ascii: "{") { closing = [UInt8(ascii: "}")] + closingDelimiter }
        if sigil == UInt8(ascii: "=") { closing = [UInt8(ascii: "=")] + closingDelimiter }
        if kind != .variable { contentStart += 1 }
        guard let contentEnd = firstIndex(of: closing, from: contentStart) else {
            throw TemplateError(.unclosedTag, template: templateName, line: tagLine)
        }
        let content = source[contentStart..<contentEnd]
        line += content.count(where: { $0 == .lineFeed })
        position = contentEnd + closing.count
        switch kind {
        case .comment:
            appendToken(.comment, line: tagLine)
        case .delimiterChange:
            try changeDelimiters(to: content, line: tagLine)
            appendToken(.delimiterChange, line: tagLine)
        default:
            let name = try TagName.validated(content, for: kind, template: templateName, line: tagLine)
            appendToken(kind, name: name, line: tagLine)
        }
    }

    private static func kind(forSigil sigil: UInt8) -> Token.Kind {
        switch sigil {
        case UInt8(ascii: "{"), UInt8(ascii: "&"): .unescapedVariable
        case UInt8(ascii: "#"): .section
        case UInt8(ascii: "^"): .invertedSection
        case UInt8(ascii: "/"): .sectionEnd
        case UInt8(ascii: "!"): .comment
        case UInt8(ascii: ">"): .partial
        case UInt8(ascii: "<"): .parent
        case UInt8(ascii: "$"): .block
        case UInt8(ascii: "="): .delimiterChange
        default: .variable
        }
    }

    /// Applies `{{=open close=}}`: exactly two whitespace-separated delimiters, neither containing `=`.
    private mutating func changeDelimiters(to content: ArraySlice<UInt8>, line: Int) throws(TemplateError) {
        let parts = content.split(whereSeparator: TagName.isWhitespace)
        guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
            let text = parts.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
            throw TemplateError(.invalidDelimiters(text), template: templateName, line: line)
        }
        openingDelimiter = Array(parts[0])
        closingDelimiter = Array(parts[1])
    }

    /// The start of the first occurrence of `pattern` at or after `start`.
    private func firstIndex(of pattern: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, source.count >= pattern.count else { return nil }
        var index = start
        while index <= source.count - pattern.count {
            if source[index] == first && source[index..<index + pattern.count].elementsEqual(pattern) {
                return index
            }
            index += 1
        }
        return nil
    }
}
