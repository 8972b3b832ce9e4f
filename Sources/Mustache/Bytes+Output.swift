/// Allocation-free appends for rendering: strings, HTML escaping and decimal integers.
extension Array where Element == UInt8 {
    /// Appends `value` as an interpolation writes it: strings escaped when `isEscaped`, numbers in
    /// decimal, flags as `true` or `false`; null, lists and objects as nothing.
    mutating func appendInterpolation(of value: MustacheValue, isEscaped: Bool) {
        switch value {
        case .null, .list, .object:
            return
        case .string(let string):
            if isEscaped {
                appendEscapingHTML(string)
            } else {
                appendUTF8(of: string)
            }
        case .utf8(let bytes):
            if isEscaped {
                bytes.withUnsafeBufferPointer { appendEscapingHTML($0) }
            } else {
                append(contentsOf: bytes)
            }
        case .int(let number):
            appendDecimal(number)
        case .double(let number):
            append(contentsOf: number.description.utf8)
        case .bool(let flag):
            append(contentsOf: (flag ? "true" : "false").utf8)
        }
    }

    /// Appends the UTF-8 of `string`, copying from its storage in one go when it is contiguous.
    mutating func appendUTF8(of string: String) {
        let wasContiguous: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            append(contentsOf: bytes)
        }
        if wasContiguous == nil {
            append(contentsOf: string.utf8)
        }
    }

    /// Appends `string` with `&`, `<`, `>`, `"` and `'` replaced by their HTML entities.
    mutating func appendEscapingHTML(_ string: String) {
        let wasContiguous: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            appendEscapingHTML(bytes)
        }
        if wasContiguous == nil {
            Array(string.utf8).withUnsafeBufferPointer { appendEscapingHTML($0) }
        }
    }

    private mutating func appendEscapingHTML(_ bytes: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in 0..<bytes.count {
            let entity: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default: continue
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            runStart = index + 1
        }
        append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// Appends `number` in decimal, with a leading `-` when negative.
    mutating func appendDecimal(_ number: Int) {
        if number < 0 { append(UInt8(ascii: "-")) }
        var remaining = number.magnitude
        var digitCount = 1
        while remaining >= 10 {
            remaining /= 10
            digitCount += 1
        }
        append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digitCount))
        remaining = number.magnitude
        var index = count - 1
        while remaining > 0 {
            self[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
            index -= 1
        }
    }
}
