import Storage

/// SQL written with `?` placeholders, rewritten to PostgreSQL's `$1…$n`.
///
/// A `?` counts as a placeholder everywhere except inside string literals (`'it''s ?'`, also
/// `E'\' ?'`), dollar-quoted strings (`$$ ? $$`, `$tag$ ? $tag$`), quoted identifiers (`"odd?col"`)
/// and comments (`-- ?`, nested `/* ? */`). SQLite's numbered `?N` becomes `$N`, so one value
/// can serve several places. PostgreSQL's own `?` operators (jsonb) therefore cannot be written;
/// use their function forms.
struct NumberedPlaceholders: Equatable {
    /// The SQL with `$1…$n` in place of each `?`.
    let sql: String
    /// How many placeholders were found (`n`).
    let count: Int

    /// Scans `sql` once and numbers its placeholders in order.
    init(rewriting sql: String) {
        var scanner = Scanner(bytes: Array(sql.utf8))
        scanner.run()
        self.sql = scanner.count == 0 ? sql : String(decoding: scanner.output, as: UTF8.self)
        self.count = scanner.count
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        var output: [UInt8] = []
        var count = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            output.reserveCapacity(bytes.count + 8)
        }

        mutating func run() {
            while position < bytes.count {
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "'"):
                    copyQuoted(until: byte, backslashEscapes: isEscapeStringPrefix)
                case UInt8(ascii: "\""):
                    copyQuoted(until: byte, backslashEscapes: false)
                case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
                    copyLineComment()
                case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                    copyBlockComment()
                case UInt8(ascii: "$") where !follows(identifierByte):
                    copyDollarQuotedOrParameter()
                case UInt8(ascii: "?"):
                    copyPlaceholder()
                default:
                    output.append(byte)
                    position += 1
                }
            }
        }

        /// `?` becomes the next number; `?N` (SQLite's numbered form, which may repeat) keeps its N.
        private mutating func copyPlaceholder() {
            position += 1
            let digitsStart = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                position += 1
            }
            output.append(UInt8(ascii: "$"))
            if position > digitsStart, let number = Int(String(decoding: bytes[digitsStart..<position], as: UTF8.self)) {
                output.append(contentsOf: bytes[digitsStart..<position])
                count = max(count, number)
            } else {
                count += 1
                output.append(contentsOf: String(count).utf8)
            }
        }

        private var next: UInt8? {
            position + 1 < bytes.count ? bytes[position + 1] : nil
        }

        /// True when the byte before the current one satisfies `test`.
        private func follows(_ test: (UInt8) -> Bool) -> Bool {
            position > 0 && test(bytes[position - 1])
        }

        /// `E'…'` (or `e'…'`), where a backslash escapes the next character.
        private var isEscapeStringPrefix: Bool {
            guard position > 0, bytes[position - 1] | 0x20 == UInt8(ascii: "e") else { return false }
            return position == 1 || !identifierByte(bytes[position - 2])
        }

        /// Copies a literal or quoted identifier; a doubled quote stays inside it.
        private mutating func copyQuoted(until quote: UInt8, backslashEscapes: Bool) {
            copy(1)
            while position < bytes.count {
                let byte = bytes[position]
                if backslashEscapes, byte == UInt8(ascii: "\\") {
                    copy(2)
                } else if byte == quote, next == quote {
                    copy(2)
                } else if byte == quote {
                    copy(1)
                    return
                } else {
                    copy(1)
                }
            }
        }

        private mutating func copyLineComment() {
            while position < bytes.count, bytes[position] != UInt8(ascii: "\n") {
                copy(1)
            }
        }

        /// PostgreSQL's block comments nest.
        private mutating func copyBlockComment() {
            var depth = 0
            while position < bytes.count {
                if bytes[position] == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                    depth += 1
                    copy(2)
                } else if bytes[position] == UInt8(ascii: "*"), next == UInt8(ascii: "/") {
                    depth -= 1
                    copy(2)
                    if depth == 0 { return }
                } else {
                    copy(1)
                }
            }
        }

        /// `$1` stays a parameter; `$$…$$` and `$tag$…$tag$` are copied whole.
        private mutating func copyDollarQuotedOrParameter() {
            var end = position + 1
            if end < bytes.count, !isDigit(bytes[end]) {
                while end < bytes.count, identifierByte(bytes[end]), bytes[end] != UInt8(ascii: "$") {
                    end += 1
                }
            }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "$") else {
                copy(1)
                return
            }
            let tag = Array(bytes[position...end])
            copy(tag.count)
            while position < bytes.count {
                if bytes[position] == UInt8(ascii: "$"), bytes[position...].starts(with: tag) {
                    copy(tag.count)
                    return
                }
                copy(1)
            }
        }

        private mutating func copy(_ length: Int) {
            let end = min(position + length, bytes.count)
            output.append(contentsOf: bytes[position..<end])
            position = end
        }

        private func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        /// Letters, digits, `_`, `$` and any byte of a multi-byte UTF-8 character.
        private func identifierByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }
    }
}
