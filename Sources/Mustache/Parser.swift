/// The third stage: matches opening and closing tags and builds the compiled elements.
///
/// Inside a parent only blocks count; other text and tags there are ignored, as the spec requires.
struct Parser {
    private let tokens: [Token]
    private let templateName: String
    private let templateIndex: [String: Int]
    private var position = 0

    /// Builds the elements of the template `templateName` from its whitespace-trimmed tokens.
    static func elements(
        from tokens: [Token], templateName: String, templateIndex: [String: Int]
    ) throws(TemplateError) -> [TemplateElement] {
        var parser = Parser(tokens: tokens, templateName: templateName, templateIndex: templateIndex)
        return try parser.parseContent(of: nil)
    }

    private init(tokens: [Token], templateName: String, templateIndex: [String: Int]) {
        self.tokens = tokens
        self.templateName = templateName
        self.templateIndex = templateIndex
    }

    /// Parses up to the closing tag of `open`, or to the end of the source when `open` is nil.
    private mutating func parseContent(of open: Token?) throws(TemplateError) -> [TemplateElement] {
        var elements: [TemplateElement] = []
        var text: [UInt8] = []
        while position < tokens.count {
            let token = tokens[position]
            position += 1
            if token.isRemoved { continue }
            if token.kind == .text || token.kind == .newline {
                text += token.text
                continue
            }
            if !text.isEmpty {
                elements.append(.text(Text(bytes: text, endsWithNewline: text.last == .lineFeed)))
                text = []
            }
            if token.kind == .sectionEnd {
                try checkClose(token, matches: open)
                return elements
            }
            if let element = try element(startingWith: token) {
                elements.append(element)
            }
        }
        if !text.isEmpty {
            elements.append(.text(Text(bytes: text, endsWithNewline: text.last == .lineFeed)))
        }
        if let open {
            throw TemplateError(.unclosedSection(open.name), template: templateName, line: open.line)
        }
        return elements
    }

    private mutating func element(startingWith token: Token) throws(TemplateError) -> TemplateElement? {
        switch token.kind {
        case .variable, .unescapedVariable:
            return .variable(Variable(path: ValuePath(token.name), isEscaped: token.kind == .variable))
        case .section, .invertedSection:
            let content = try parseContent(of: token)
            let isInverted = token.kind == .invertedSection
            return .section(Section(path: ValuePath(token.name), isInverted: isInverted, content: content))
        case .partial:
            return .partial(inclusion(of: token, arguments: []))
        case .parent:
            let arguments = try parseContent(of: token).compactMap { element -> Argument? in
                guard case .block(let block) = element else { return nil }
                return Argument(name: block.name, content: block.defaultContent)
            }
            return .parent(inclusion(of: token, arguments: arguments))
        case .block:
            let content = try parseContent(of: token)
            let location = SourceLocation(template: templateName, line: token.line)
            return .block(Block(name: token.name, indentation: token.indentation, defaultContent: content, location: location))
        case .text, .newline, .sectionEnd, .comment, .delimiterChange:
            return nil
        }
    }

    private func inclusion(of token: Token, arguments: [Argument]) -> Inclusion {
        Inclusion(
            name: token.name,
            templateIndex: templateIndex[token.name],
            indentation: token.indentation,
            arguments: arguments,
            location: SourceLocation(template: templateName, line: token.line)
        )
    }

    private func checkClose(_ close: Token, matches open: Token?) throws(TemplateError) {
        guard let open else {
            throw TemplateError(.unexpectedClose(close.name), template: templateName, line: close.line)
        }
        guard open.name == close.name else {
            let reason = TemplateError.Reason.mismatchedClose(expected: open.name, found: close.name)
            throw TemplateError(reason, template: templateName, line: close.line)
        }
    }
}
