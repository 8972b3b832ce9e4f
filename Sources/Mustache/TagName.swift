/// Checks and trims tag names: surrounding whitespace is ignored, inner whitespace is an error,
/// and names that are looked up in the context must be `.` or dot-separated non-empty keys.
enum TagName {
    /// The trimmed name in `content`, or an `invalidName` error naming `template` and `line`.
    static func validated(
        _ content: ArraySlice<UInt8>, for kind: Token.Kind, template: String, line: Int
    ) throws(TemplateError) -> String {
        var start = content.startIndex
        var end = content.endIndex
        while start < end && isWhitespace(content[start]) { start += 1 }
        while end > start && isWhitespace(content[end - 1]) { end -= 1 }
        let trimmed = content[start..<end]
        let name = String(decoding: trimmed, as: UTF8.self)
        guard !trimmed.isEmpty, !trimmed.contains(where: isWhitespace), isWellFormed(name, for: kind) else {
            throw TemplateError(.invalidName(name), template: template, line: line)
        }
        return name
    }

    /// Whether `byte` is whitespace inside a tag: space, tab or a line ending.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == .space || byte == .tab || byte == .lineFeed || byte == .carriageReturn
    }

    private static func isWellFormed(_ name: String, for kind: Token.Kind) -> Bool {
        switch kind {
        case .variable, .unescapedVariable, .section, .invertedSection:
            name == "." || name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty }
        default:
            true
        }
    }
}
