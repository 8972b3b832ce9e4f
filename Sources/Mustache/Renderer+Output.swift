/// Writing text and values, with the indentation of enclosing standalone partials at each line start.
extension Renderer {
    mutating func write(_ text: Text) {
        if indentation.isEmpty {
            output += text.bytes
        } else {
            writeIndented(text.bytes)
        }
        isAtLineStart = text.endsWithNewline
    }

    /// Writes `bytes` line by line, indenting each line that has content.
    private mutating func writeIndented(_ bytes: [UInt8]) {
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: .lineFeed).map { $0 + 1 } ?? bytes.count
            let line = bytes[lineStart..<lineEnd]
            let isBlank = line.first == .lineFeed || line.starts(with: [.carriageReturn, .lineFeed])
            if isAtLineStart && !isBlank {
                output += indentation
            }
            output += line
            isAtLineStart = line.last == .lineFeed
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
                output.append(contentsOf: string.utf8)
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
            output += indentation
        }
        isAtLineStart = false
    }
}
