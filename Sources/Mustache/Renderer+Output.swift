/// Writing text and values, with the indentation of enclosing standalone partials at each line start.
extension Renderer {
    /// Writes the literal text `range` of `template`.
    mutating func write(_ range: Range<Int>, of template: CompiledTemplate) {
        template.text.withUnsafeBufferPointer { text in
            let bytes = UnsafeBufferPointer(rebasing: text[range])
            if indentation.isEmpty {
                output.append(contentsOf: bytes)
                isAtLineStart = bytes[bytes.count - 1] == .lineFeed
            } else {
                writeIndented(bytes)
            }
        }
    }

    /// Writes `bytes` line by line, indenting each line that has content.
    private mutating func writeIndented(_ bytes: UnsafeBufferPointer<UInt8>) {
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: .lineFeed).map { $0 + 1 } ?? bytes.count
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            let isBlank = line[0] == .lineFeed || (line.count == 2 && line[0] == .carriageReturn && line[1] == .lineFeed)
            if isAtLineStart && !isBlank {
                writeIndentation()
            }
            output.append(contentsOf: line)
            isAtLineStart = line[line.count - 1] == .lineFeed
            lineStart = lineEnd
        }
    }

    /// Writes an interpolated value; values are never indented inside, only where they start a line.
    mutating func write(_ value: MustacheValue, isEscaped: Bool) {
        switch value {
        case .null, .list, .object:
            return
        case .string(let string):
            guard !string.isEmpty else { return }
            writePendingIndentation()
            if isEscaped {
                output.appendEscapingHTML(string)
            } else {
                output.appendUTF8(of: string)
            }
        case .int(let number):
            writePendingIndentation()
            output.appendDecimal(number)
        case .double(let number):
            writePendingIndentation()
            output.append(contentsOf: number.description.utf8)
        case .bool(let flag):
            writePendingIndentation()
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        }
    }

    private mutating func writePendingIndentation() {
        if isAtLineStart && !indentation.isEmpty {
            writeIndentation()
        }
        isAtLineStart = false
    }

    private mutating func writeIndentation() {
        indentation.withUnsafeBufferPointer { output.append(contentsOf: $0) }
    }
}
