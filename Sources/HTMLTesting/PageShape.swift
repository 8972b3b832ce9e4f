/// What kinds of elements a page is made of, ignoring its text and how often each kind repeats:
/// the set of `tag.class[role][type]` tokens of its start tags, and the page's language.
struct PageShape {
    /// A stable hash of the sorted token set.
    let hash: UInt64
    /// The `lang` of the `<html>` element, or `-`.
    let language: String

    init(html: [UInt8]) {
        var tokens: Set<String> = []
        var language = "-"
        var index = 0
        while index < html.count {
            guard html[index] == UInt8(ascii: "<"), index + 1 < html.count, Self.isLetter(html[index + 1]) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < html.count, html[end] != UInt8(ascii: ">") { end += 1 }
            let tag = Array(html[(index + 1)..<end])
            let name = String(decoding: tag.prefix { Self.isLetter($0) || Self.isDigit($0) }, as: UTF8.self).lowercased()
            let attribute = { (key: String) in Self.attribute(key, in: tag) ?? "" }
            tokens.insert("\(name).\(attribute("class"))[\(attribute("role"))][\(attribute("type"))]")
            if name == "html", let lang = Self.attribute("lang", in: tag) { language = lang }
            index = end
        }
        self.language = language
        hash = Self.fnv1a(Array(tokens.sorted().joined(separator: "\n").utf8), seed: 0)
    }

    /// The value of the double-quoted attribute `key` in the start tag's bytes.
    static func attribute(_ key: String, in tag: [UInt8]) -> String? {
        let needle = Array((" " + key + "=\"").utf8)
        guard tag.count > needle.count else { return nil }
        for start in 0...(tag.count - needle.count) where tag[start..<(start + needle.count)].elementsEqual(needle) {
            let valueStart = start + needle.count
            let valueEnd = tag[valueStart...].firstIndex(of: UInt8(ascii: "\"")) ?? tag.count
            return String(decoding: tag[valueStart..<valueEnd], as: UTF8.self)
        }
        return nil
    }

    /// 64-bit FNV-1a of `bytes`, mixed with `seed`.
    static func fnv1a(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
