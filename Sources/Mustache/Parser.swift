/// The third stage: matches opening and closing tags and emits the compiled template's instructions.
///
/// Inside a parent only blocks count: other text and tags there are compiled but never run, as the spec requires.
struct Parser {
    private let tokens: [Token]
    private let templateName: String
    private let templateIndex: [String: Int]
    private var position = 0
    private var instructions: [Instruction] = []
    private var text: [UInt8] = []
    private var keys: [String] = []
    private var inclusions: [Inclusion] = []
    private var blocks: [Block] = []

    /// Compiles the template `templateName` from its whitespace-trimmed tokens.
    static func template(
        from tokens: [Token], templateName: String, templateIndex: [String: Int]
    ) throws(TemplateError) -> CompiledTemplate {
        var parser = Parser(tokens: tokens, templateName: templateName, templateIndex: templateIndex)
        _ = try parser.parseContent(of: nil)
        return CompiledTemplate(
            name: templateName, instructions: parser.instructions, text: parser.text,
            keys: parser.keys, inclusions: parser.inclusions, blocks: parser.blocks
        )
    }

    private init(tokens: [Token], templateName: String, templateIndex: [String: Int]) {
        self.tokens = tokens
        self.templateName = templateName
        self.templateIndex = templateIndex
    }

    /// Emits instructions up to the closing tag of `open`, or to the end when `open` is nil.
    /// Returns the blocks directly inside, which are a parent's arguments.
    private mutating func parseContent(of open: Token?) throws(TemplateError) -> [Argument] {
        var arguments: [Argument] = []
        var textStart = text.count
        while position < tokens.count {
            let token = tokens[position]
            position += 1
            if token.isRemoved { continue }
            if token.kind == .text || token.kind == .newline {
                text += token.text
                continue
            }
            emitText(from: textStart)
            if token.kind == .sectionEnd {
                try checkClose(token, matches: open)
                return arguments
            }
            if let argument = try emit(token) {
                arguments.append(argument)
            }
            textStart = text.count
        }
        emitText(from: textStart)
        if let open {
            throw TemplateError(.unclosedSection(open.name), template: templateName, line: open.line)
        }
        return arguments
    }

    private mutating func emitText(from start: Int) {
        if text.count > start {
            instructions.append(.text(start..<text.count))
        }
    }

    /// Emits the instructions of the tag `token` and, for sections, parents and blocks, of their content.
    /// Returns the block's name and content when `token` is a block.
    private mutating func emit(_ token: Token) throws(TemplateError) -> Argument? {
        switch token.kind {
        case .variable, .unescapedVariable:
            instructions.append(.variable(valuePath(token.name), isEscaped: token.kind == .variable))
        case .section, .invertedSection:
            let start = instructions.count
            let path = valuePath(token.name)
            instructions.append(.section(path, isInverted: false, end: start))
            _ = try parseContent(of: token)
            instructions[start] = .section(path, isInverted: token.kind == .invertedSection, end: instructions.count)
        case .partial:
            instructions.append(.partial(inclusion: inclusions.count))
            inclusions.append(inclusion(.partial, of: token, arguments: []))
        case .parent:
            let start = instructions.count
            instructions.append(.parent(inclusion: inclusions.count, end: start))
            let arguments = try parseContent(of: token)
            instructions[start] = .parent(inclusion: inclusions.count, end: instructions.count)
            inclusions.append(inclusion(.parent, of: token, arguments: arguments))
        case .block:
            let start = instructions.count
            instructions.append(.block(block: blocks.count, end: start))
            blocks.append(Block(name: token.name, indentation: token.indentation, location: location(of: token)))
            _ = try parseContent(of: token)
            instructions[start] = .block(block: blocks.count - 1, end: instructions.count)
            return Argument(name: token.name, content: start + 1..<instructions.count)
        case .text, .newline, .sectionEnd, .comment, .delimiterChange:
            break
        }
        return nil
    }

    private mutating func valuePath(_ name: String) -> ValuePath {
        let start = keys.count
        if name != "." {
            keys += name.split(separator: ".").map(String.init)
        }
        return ValuePath(start: start, count: keys.count - start)
    }

    private func inclusion(_ kind: Inclusion.Kind, of token: Token, arguments: [Argument]) -> Inclusion {
        Inclusion(
            kind: kind, name: token.name, templateIndex: templateIndex[token.name],
            indentation: token.indentation, arguments: arguments, location: location(of: token)
        )
    }

    private func location(of token: Token) -> SourceLocation {
        SourceLocation(template: templateName, line: token.line)
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
