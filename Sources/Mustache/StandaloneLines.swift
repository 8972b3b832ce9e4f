/// The second stage: applies Mustache's whitespace rules to the lexer's tokens.
///
/// - A line holding one non-interpolation tag and only spaces or tabs is removed with its line ending.
/// - A parent whose opening tag starts its line and whose closing tag ends its line is standalone too.
/// - An argument block (a `{{$block}}` directly inside a parent) drops the line ending after its opening
///   tag and the indentation before its closing tag, and loses its intrinsic indentation (that of its
///   first line) on every line.
/// - Standalone partials and parents, and parameter blocks, record the indentation to add when rendered.
struct StandaloneLines {
    private var tokens: [Token]

    /// The tokens with whitespace rules applied: removed tokens are marked, not deleted.
    static func applied(to tokens: [Token]) -> [Token] {
        var lines = StandaloneLines(tokens: tokens)
        lines.removeStandaloneLines()
        let arguments = lines.applyElementRules()
        for argument in arguments.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            lines.outdent(argument)
        }
        lines.assignIndentation()
        return lines.tokens
    }

    private mutating func removeStandaloneLines() {
        var start = 0
        while start < tokens.count {
            let end = lineEnd(after: start - 1)
            let tags = (start..<end).filter { tokens[$0].kind != .text }
            if tags.count == 1, tokens[tags[0]].canStandAlone, isBlank(start..<end, except: tags[0]) {
                remove(start..<end, except: tags[0])
                remove(end..<min(end + 1, tokens.count))
                tokens[tags[0]].isStandalone = true
            }
            start = end + 1
        }
    }

    /// Matches opening and closing tags to apply the parent and argument-block rules; returns the
    /// token ranges (opening tag to closing tag) of argument blocks. Mismatched tags are left to the parser.
    private mutating func applyElementRules() -> [Range<Int>] {
        var openTags: [Int] = []
        var arguments: [Range<Int>] = []
        for index in tokens.indices {
            switch tokens[index].kind {
            case .section, .invertedSection, .parent:
                openTags.append(index)
            case .block:
                if let enclosing = openTags.last, tokens[enclosing].kind == .parent {
                    tokens[index].isArgument = true
                    tokens[index].startsOnNextLine = removeRestOfLine(after: index)
                }
                openTags.append(index)
            case .sectionEnd:
                guard let open = openTags.popLast(), tokens[open].name == tokens[index].name else { return arguments }
                if tokens[open].kind == .parent {
                    applyParentRule(open: open, close: index)
                } else if tokens[open].isArgument {
                    let start = lineStart(before: index)
                    if isBlank(start..<index) { remove(start..<index) }
                    arguments.append(open..<index)
                }
            default:
                break
            }
        }
        return arguments
    }

    /// A parent opening at the start of a line and closing at the end of a line is standalone.
    private mutating func applyParentRule(open: Int, close: Int) {
        let start = lineStart(before: open)
        let end = lineEnd(after: close)
        guard isBlank(start..<open), isBlank(close + 1..<end) else { return }
        remove(start..<open)
        remove(close + 1..<min(end + 1, tokens.count))
        tokens[open].isStandalone = true
    }

    /// Removes the blank rest of the line after `index` and its line ending; returns whether it did.
    private mutating func removeRestOfLine(after index: Int) -> Bool {
        let end = lineEnd(after: index)
        guard end < tokens.count, isBlank(index + 1..<end) else { return false }
        remove(index + 1...end)
        return true
    }

    /// Strips an argument block's intrinsic indentation from the start of each of its lines.
    private mutating func outdent(_ argument: Range<Int>) {
        guard tokens[argument.lowerBound].startsOnNextLine else { return }
        let firstLine = lineEnd(after: argument.lowerBound) + 1
        let indentation = leadingWhitespace(ofLineAt: firstLine)
        guard !indentation.isEmpty, firstLine < argument.upperBound else { return }
        var isAtLineStart = true
        for index in firstLine..<argument.upperBound {
            switch tokens[index].kind {
            case .newline:
                isAtLineStart = true
            case .text:
                if isAtLineStart {
                    let text = tokens[index].text
                    let common = zip(text, indentation).prefix(while: { $0 == $1 }).count
                    tokens[index].text = text.dropFirst(common)
                }
                isAtLineStart = isAtLineStart && tokens[index].text.isEmpty
            default:
                isAtLineStart = false
            }
        }
    }

    private mutating func assignIndentation() {
        for index in tokens.indices {
            let token = tokens[index]
            let start = lineStart(before: index)
            switch token.kind {
            case .partial, .parent:
                if token.isStandalone {
                    tokens[index].indentation = (start..<index).flatMap { tokens[$0].text }
                }
            case .block:
                if token.isArgument {
                    break
                } else if token.isStandalone {
                    tokens[index].indentation = leadingWhitespace(ofLineAt: lineEnd(after: index) + 1)
                } else if isBlank(start..<index) {
                    tokens[index].indentation = (start..<index).flatMap { tokens[$0].text }
                }
            default:
                break
            }
        }
    }
}

extension StandaloneLines {
    /// The index of the first token on the line holding `index` (removed line endings still end lines).
    private func lineStart(before index: Int) -> Int {
        var start = index
        while start > 0 && tokens[start - 1].kind != .newline { start -= 1 }
        return start
    }

    /// The index of the line ending that ends the line holding `index`, or `tokens.count`.
    private func lineEnd(after index: Int) -> Int {
        var end = index + 1
        while end < tokens.count && tokens[end].kind != .newline { end += 1 }
        return end
    }

    /// The spaces and tabs that begin the line starting at token `index`.
    private func leadingWhitespace(ofLineAt index: Int) -> [UInt8] {
        guard index < tokens.count, tokens[index].kind == .text else { return [] }
        return Array(tokens[index].text.prefix(while: { $0 == .space || $0 == .tab }))
    }

    /// Whether every token in `range`, other than `excluded`, is whitespace-only text.
    private func isBlank(_ range: Range<Int>, except excluded: Int? = nil) -> Bool {
        range.allSatisfy { $0 == excluded || tokens[$0].isWhitespace }
    }

    private mutating func remove<Indices: Sequence<Int>>(_ indices: Indices, except excluded: Int? = nil) {
        for index in indices where index != excluded {
            tokens[index].isRemoved = true
        }
    }
}
