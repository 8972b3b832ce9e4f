/// A cursor over raw HTML bytes that counts lines; the tokenizer under `TagBalanceScanner`.
struct SourceReader {
    private let bytes: [UInt8]
    private var position = 0
    /// The 1-based line of the current byte.
    private(set) var line = 1

    /// Starts at the first byte of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The current byte, nil at the end.
    var current: UInt8? { byte(at: 0) }
    /// The byte after the current one.
    var next: UInt8? { byte(at: 1) }

    /// The byte `offset` places ahead, nil past the end.
    func byte(at offset: Int) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    /// Whether the byte `offset` places ahead is an ASCII letter.
    func isLetter(at offset: Int) -> Bool {
        guard let byte = byte(at: offset) else { return false }
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// Moves `count` bytes on, counting line feeds.
    mutating func advance(by count: Int = 1) {
        for _ in 0..<count where position < bytes.count {
            if bytes[position] == UInt8(ascii: "\n") { line += 1 }
            position += 1
        }
    }

    /// Skips `text` if the input continues with it exactly.
    mutating func skip(_ text: String) -> Bool {
        guard matches(text, caseInsensitive: false) else { return false }
        advance(by: text.utf8.count)
        return true
    }

    /// Moves just past the next `text`; false (at the end) when there is none.
    mutating func skip(past text: String) -> Bool {
        while current != nil {
            if skip(text) { return true }
            advance()
        }
        return false
    }

    /// Moves to the next `text` in any letter case, or to the end; `text` itself is not consumed.
    mutating func skip(toCaseInsensitive text: String) {
        while current != nil && !matches(text, caseInsensitive: true) {
            advance()
        }
    }

    /// Reads a tag or attribute name up to whitespace, `/`, `>` or `=`, lowercased.
    mutating func readName() -> String {
        var name: [UInt8] = []
        while let byte = current, !isSpace(byte), !"/>=".utf8.contains(byte) {
            name.append(byte)
            advance()
        }
        return String(decoding: name, as: UTF8.self).lowercased()
    }

    /// Skips a start tag's attributes through its `>`; true when it ended with `/>`.
    mutating func skipAttributes() -> Bool {
        while let byte = current {
            if isSpace(byte) {
                advance()
            } else if byte == UInt8(ascii: ">") {
                advance()
                return false
            } else if byte == UInt8(ascii: "/") {
                advance()
                if current == UInt8(ascii: ">") {
                    advance()
                    return true
                }
            } else {
                _ = readName()
                if current == UInt8(ascii: "=") { skipAttributeValue() }
            }
        }
        return false
    }

    /// Skips `=` and the value after it, quoted (possibly holding `>` or line feeds) or bare.
    private mutating func skipAttributeValue() {
        advance()
        while let byte = current, isSpace(byte) { advance() }
        if let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            advance()
            while let byte = current, byte != quote { advance() }
            advance()
        } else {
            while let byte = current, !isSpace(byte), byte != UInt8(ascii: ">") { advance() }
        }
    }

    private func matches(_ text: String, caseInsensitive: Bool) -> Bool {
        for (offset, expected) in text.utf8.enumerated() {
            guard let byte = byte(at: offset) else { return false }
            let foldsCase = caseInsensitive && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(expected | 0x20)
            let equal = foldsCase ? (byte | 0x20) == (expected | 0x20) : byte == expected
            if !equal { return false }
        }
        return true
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
