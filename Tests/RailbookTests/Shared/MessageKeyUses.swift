import Foundation

/// The message keys Swift code names, as literals where a key stands: the first argument of a
/// text function (`text`, `hasText`, `isPlural`, `Notice.send`), a `key:` label or a `…Key =`
/// assignment, the field message of `errors.add`, the body of a property or function whose name
/// ends in `Key` or `Keys` (their `switch`es), the other branch of a ternary whose first is a key,
/// and any literal starting with `error_`. Every literal of the code is kept too, so that a
/// catalog key no code or template names (one built by interpolation) can be found.
struct MessageKeyUses {
    /// A key named in the code.
    struct Use: Equatable {
        let key: String
        let file: String
        let line: Int
        /// Whether the text function is given a count (`count:`): true or false for a text
        /// function's first argument, nil where the code does not say.
        let givesCount: Bool?
    }

    /// The keys named where keys stand.
    private(set) var uses: [Use] = []
    /// Every literal of the code without an interpolation.
    private(set) var literals: Set<String> = []

    /// The uses in the `.swift` files under `directory`.
    init(directory: String) throws {
        for file in try FileManager.default.subpathsOfDirectory(atPath: directory).filter({ $0.hasSuffix(".swift") }).sorted() {
            try add(String(contentsOfFile: directory + "/" + file, encoding: .utf8), file: file)
        }
    }

    /// The uses in one source text.
    init(source: String, file: String = "source.swift") {
        add(source, file: file)
    }

    private static let keyShape = try! NSRegularExpression(pattern: #"^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*_[a-z0-9-]+$"#)
    /// What stands just before a literal that is a key (the text before it, spaces at the end dropped).
    private static let keyPlaces = try! NSRegularExpression(
        pattern: #"""
            (?:\b(?:text|hasText|isPlural)|Notice\.send)\(\s*$|\b(?:text|hasText|isPlural)\([^()"]*\?\s*$|\berrors\.add\([^()"]*,\s*$|\b\w*[kK]eys?\s*[:=]\s*$|\b\w*[kK]eys?\s*[:=]\s*[^"\n]*\?\s*$
            """#)
    private static let keyDeclarations = try! NSRegularExpression(pattern: #"\b(?:(?:var|func|let)\s+\w+Keys?|(?:var|func|static let)\s+keys?)\b"#)

    private mutating func add(_ source: String, file: String) {
        let bytes = Array(source.utf8)
        let found = SwiftStringLiterals.scan(source)
        let bodies = Self.keyDeclarationBodies(source, bytes: bytes, literals: found)
        var keyEnds: Set<Int> = []
        for literal in found {
            guard !literal.isInterpolated else { continue }
            literals.insert(literal.text)
            guard Self.matches(Self.keyShape, literal.text) else { continue }
            let before = String(decoding: bytes[max(0, literal.offset - 240)..<literal.offset], as: UTF8.self)
            let trimmed = String(before.reversed().drop { $0 == " " || $0 == "\n" }.reversed())
            let afterKeyInTernary =
                trimmed.hasSuffix(":")
                && keyEnds.contains { end in
                    String(decoding: bytes[end..<literal.offset], as: UTF8.self).allSatisfy { $0 == " " || $0 == ":" || $0 == "\n" }
                }
            let after = String(decoding: bytes[literal.end..<min(bytes.count, literal.end + 8)], as: UTF8.self)
            let isPattern = after.drop { $0 == " " }.first == ":" && !trimmed.hasSuffix("?") // `case "x":`, `["x": …]`
            let inKeyBody = !isPattern && bodies.contains { $0.contains(literal.offset) }
            let isCallArgument = Self.matches(Self.keyPlaces, trimmed)
            guard isCallArgument || inKeyBody || afterKeyInTernary || literal.text.hasPrefix("error_") else { continue }
            keyEnds.insert(literal.end)
            let line = bytes[..<literal.offset].count { $0 == UInt8(ascii: "\n") } + 1
            let isTextCall = trimmed.range(of: #"\b(?:text|isPlural)\([^()"]*\??\s*$"#, options: .regularExpression) != nil
            let givesCount = isTextCall ? Self.callGivesCount(bytes, from: literal.end) : afterKeyInTernary ? uses.last?.givesCount : nil
            uses.append(Use(key: literal.text, file: file, line: line, givesCount: givesCount))
        }
    }

    private static func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Whether the call whose first argument ends at `start` has a `count:` argument before its `)`.
    private static func callGivesCount(_ bytes: [UInt8], from start: Int) -> Bool {
        var depth = 0, index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                if depth == 0 { return false }
                depth -= 1
            case UInt8(ascii: "c") where depth == 0:
                if bytes[index...].starts(with: "count:".utf8) { return true }
            default: break
            }
            index += 1
        }
        return false
    }

    /// The byte ranges of the bodies of declarations named `…Key`, `…Keys` (`noticeKey`,
    /// `messageKey`…, or `key` itself when it is a property, a function or a static table): from
    /// their `{` to its match, or from `=` to the end of the line and of any bracket opened on it;
    /// brackets inside literals do not count. A stored property (nothing more on its line) has none.
    private static func keyDeclarationBodies(_ source: String, bytes: [UInt8], literals: [SwiftStringLiteral]) -> [Range<Int>] {
        var inLiteral = [Bool](repeating: false, count: bytes.count)
        for literal in literals { for index in literal.offset..<literal.end { inLiteral[index] = true } }
        var bodies: [Range<Int>] = []
        for match in keyDeclarations.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
            guard let range = Range(match.range, in: source) else { continue }
            var index = source.utf8.distance(from: source.utf8.startIndex, to: range.upperBound.samePosition(in: source.utf8) ?? source.utf8.endIndex)
            while index < bytes.count && bytes[index] != UInt8(ascii: "\n")
                && (inLiteral[index] || (bytes[index] != UInt8(ascii: "{") && bytes[index] != UInt8(ascii: "=")))
            { index += 1 }
            guard index < bytes.count, bytes[index] != UInt8(ascii: "\n") else { continue } // a stored property: no body
            let start = index, isAssignment = bytes[index] == UInt8(ascii: "=")
            var depth = 0
            repeat {
                if !inLiteral[index] {
                    switch bytes[index] {
                    case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"): depth -= 1
                    default: break
                    }
                }
                index += 1
            } while index < bytes.count && (depth > 0 || (isAssignment && bytes[index] != UInt8(ascii: "\n")))
            bodies.append(start..<index)
        }
        return bodies
    }
}
