/// The string literals of a Swift source file, found as the compiler finds them: outside comments,
/// inside interpolations too, with whether each holds an interpolation and where it stands.
struct SwiftStringLiteral: Equatable {
    /// The literal's text between its quotes, escapes left as written.
    let text: String
    /// Whether the literal holds an interpolation (`\(…)`): such a text is built when the code runs.
    let isInterpolated: Bool
    /// The offset (in UTF-8 bytes) of the literal's opening quote (or first `#`).
    let offset: Int
    /// The offset just after its closing quote (and `#`s).
    let end: Int
}

/// Finds the string literals of Swift source (`SwiftStringLiterals.scan(source)`).
struct SwiftStringLiterals {
    private let bytes: [UInt8]
    private var found: [SwiftStringLiteral] = []

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), hash = UInt8(ascii: "#"),
        newline = UInt8(ascii: "\n"), open = UInt8(ascii: "("), close = UInt8(ascii: ")")

    /// The literals of `source`, in the order they open.
    static func scan(_ source: String) -> [SwiftStringLiteral] {
        var scanner = SwiftStringLiterals(bytes: Array(source.utf8))
        _ = scanner.code(from: 0, untilClosingParenthesis: false)
        return scanner.found.sorted { $0.offset < $1.offset }
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func starts(_ text: String, at index: Int) -> Bool {
        let pattern = Array(text.utf8)
        return index + pattern.count <= bytes.count && Array(bytes[index..<index + pattern.count]) == pattern
    }

    /// Whether the `#` at `index` opens a raw string (`#"`, `##"`…) rather than a directive (`#if`).
    private func opensRawString(at index: Int) -> Bool {
        var after = index
        while after < bytes.count && bytes[after] == Self.hash { after += 1 }
        return after < bytes.count && bytes[after] == Self.quote
    }

    /// Reads code from `index` to the end, or to the `)` closing an interpolation; returns the index after it.
    private mutating func code(from start: Int, untilClosingParenthesis: Bool) -> Int {
        var index = start, depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            if starts("//", at: index) {
                while index < bytes.count && bytes[index] != Self.newline { index += 1 }
            } else if starts("/*", at: index) {
                var nesting = 0
                repeat {
                    if starts("/*", at: index) {
                        nesting += 1
                        index += 2
                    } else if starts("*/", at: index) {
                        nesting -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                } while nesting > 0 && index < bytes.count
            } else if byte == Self.quote || (byte == Self.hash && opensRawString(at: index)) {
                index = literal(at: index)
            } else if byte == Self.open {
                depth += 1
                index += 1
            } else if byte == Self.close {
                index += 1
                if depth == 0 && untilClosingParenthesis { return index }
                depth -= 1
            } else {
                index += 1
            }
        }
        return index
    }

    /// Reads the literal opening at `start` (`"…"`, `"""…"""`, `#"…"#`); returns the index after it.
    private mutating func literal(at start: Int) -> Int {
        var index = start, hashes = 0
        while bytes[index] == Self.hash {
            hashes += 1
            index += 1
        }
        let isMultiline = starts("\"\"\"", at: index)
        index += isMultiline ? 3 : 1
        let textStart = index
        let closing = Array((isMultiline ? "\"\"\"" : "\"").utf8) + Array(repeating: Self.hash, count: hashes)
        let escape = [Self.backslash] + Array(repeating: Self.hash, count: hashes)
        var isInterpolated = false
        while index < bytes.count {
            if index + closing.count <= bytes.count && Array(bytes[index..<index + closing.count]) == closing {
                found.append(
                    SwiftStringLiteral(
                        text: String(decoding: bytes[textStart..<index], as: UTF8.self), isInterpolated: isInterpolated,
                        offset: start, end: index + closing.count))
                return index + closing.count
            }
            if index + escape.count <= bytes.count && Array(bytes[index..<index + escape.count]) == escape {
                index += escape.count
                if index < bytes.count && bytes[index] == Self.open {
                    isInterpolated = true
                    index = code(from: index + 1, untilClosingParenthesis: true)
                } else {
                    index += 1
                }
            } else {
                index += 1
            }
        }
        return index
    }
}
