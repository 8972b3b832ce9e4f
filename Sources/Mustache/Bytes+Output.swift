/// Allocation-free appends for rendering: HTML escaping and decimal integers.
extension Array where Element == UInt8 {
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
        let start = count
        var magnitude = number.magnitude
        repeat {
            append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        if number < 0 { append(UInt8(ascii: "-")) }
        self[start...].reverse()
    }
}
