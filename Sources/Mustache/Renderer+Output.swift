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

    /// Writes a merged run of text and constant values: in one copy, or piece by piece under indentation.
    mutating func write(_ literal: Literal, of template: CompiledTemplate) {
        guard indentation.isEmpty else {
            for piece in template.literalPieces[literal.pieces] {
                if piece.isValue {
                    writePendingIndentation()
                    copy(piece.bytes, of: template)
                } else {
                    write(piece.bytes, of: template)
                }
            }
            return
        }
        copy(literal.bytes, of: template)
        isAtLineStart = literal.endsAtLineStart
    }

    /// Appends the bytes `range` of `template`'s text as they are.
    private mutating func copy(_ range: Range<Int>, of template: CompiledTemplate) {
        template.text.withUnsafeBufferPointer { text in
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[range]))
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
        guard value.writesText else { return }
        writePendingIndentation()
        output.appendInterpolation(of: value, isEscaped: isEscaped)
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
