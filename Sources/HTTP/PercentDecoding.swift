/// Decodes percent-encoded text from URLs and urlencoded forms, refusing bad escapes and bad UTF-8.
enum PercentDecoding {
    /// Decodes `text`; with `plusAsSpace` a `+` becomes a space (forms and queries, not paths).
    /// Throws 400 on a broken `%` escape, invalid UTF-8 or a NUL byte.
    static func decode(_ text: Substring, plusAsSpace: Bool) throws(HTTPError) -> String {
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") || $0 >= 0x80 || $0 == 0 }) {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                guard high != utf8.endIndex, let upper = hexValue(utf8[high]) else { throw malformed }
                let low = utf8.index(after: high)
                guard low != utf8.endIndex, let lower = hexValue(utf8[low]) else { throw malformed }
                bytes.append(upper << 4 | lower)
                index = utf8.index(after: low)
                continue
            }
            bytes.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = utf8.index(after: index)
        }
        guard !bytes.contains(0), let decoded = String(validating: bytes, as: UTF8.self) else {
            throw malformed
        }
        return decoded
    }

    /// Parses `a=1&b=2` into parameters; a name without `=` gets an empty value. The text is cut at
    /// its `&` and `=` bytes, not walked by characters: both are ASCII, so every cut is at a
    /// scalar's edge, and a raw `&` or `=` joined to a combining mark still separates (browsers
    /// send those percent-encoded anyway).
    /// More than `Request.parameterLimit` pairs throw `tooMany`, before any is decoded.
    static func parameters(_ text: Substring, tooMany: HTTPError) throws(HTTPError) -> Parameters {
        var result = Parameters()
        let utf8 = text.utf8
        if utf8.lazy.filter({ $0 == UInt8(ascii: "&") }).count >= Request.parameterLimit,
            utf8.split(separator: UInt8(ascii: "&")).count > Request.parameterLimit
        {
            throw tooMany
        }
        var start = utf8.startIndex
        while start != utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
            if start != end {
                if let equals = utf8[start..<end].firstIndex(of: UInt8(ascii: "=")) {
                    let name = try decode(text[start..<equals], plusAsSpace: true)
                    let value = try decode(text[utf8.index(after: equals)..<end], plusAsSpace: true)
                    result.add(name, value)
                } else {
                    result.add(try decode(text[start..<end], plusAsSpace: true), "")
                }
            }
            start = end == utf8.endIndex ? end : utf8.index(after: end)
        }
        return result
    }

    private static let malformed = HTTPError(.badRequest)

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Percent-encodes text for use in a URL query or path segment.
public enum PercentEncoding {
    /// Encodes everything but unreserved characters (RFC 3986).
    public static func encode(_ text: String) -> String {
        let utf8 = text.utf8
        if utf8.allSatisfy(isUnreserved) { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count * 3)
        for byte in utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
