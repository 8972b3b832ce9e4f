/// One line of a CSV file as RFC 4180 writes it: fields separated by commas, a field with a comma,
/// a quote or a line break in quotes (its quotes doubled), lines ended by CRLF. A text field that
/// a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first) gets
/// a `'` before it, so a name a traveller typed cannot run in the office's spreadsheet.
struct CSVLine {
    /// What a file starts with so that spreadsheet programs read it as UTF-8 (Chinese names).
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private(set) var utf8: [UInt8] = []
    private var isEmpty = true

    init() {}

    /// The line of `fields`.
    init(_ fields: [String]) {
        for field in fields { add(field) }
    }

    /// `-12.34`: a negative amount (a red-letter invoice's), which a spreadsheet must read as a
    /// number, not a formula to defuse.
    static func isNegativeNumber(_ text: String) -> Bool {
        let rest = text.utf8.dropFirst()
        guard text.utf8.first == UInt8(ascii: "-"), let firstDigit = rest.first, firstDigit >= 0x30, firstDigit <= 0x39 else { return false }
        return rest.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") } && rest.filter { $0 == UInt8(ascii: ".") }.count <= 1
    }

    /// Adds a text field.
    mutating func add(_ field: String) {
        if !isEmpty { utf8.append(UInt8(ascii: ",")) }
        isEmpty = false
        var text = field
        if let first = text.utf8.first, [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D].contains(first),
            !CSVLine.isNegativeNumber(text)
        {
            text = "'" + text
        }
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else {
            utf8 += text.utf8
            return
        }
        utf8.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") { utf8.append(byte) }
            utf8.append(byte)
        }
        utf8.append(UInt8(ascii: "\""))
    }

    /// The line with its CRLF.
    var terminated: [UInt8] { utf8 + [0x0D, 0x0A] }
}

/// How exports write times and money: China time to the minute, yuan with two decimals.
enum ExportText {
    /// `2026-12-07 14:05` in China, or "" for none.
    static func time(_ seconds: Int?) -> String {
        guard let seconds else { return "" }
        let date = ChinaTime.date(at: seconds)
        let minute = ((seconds + ChinaTime.offsetSeconds) % 86_400 + 86_400) % 86_400 / 60
        return date.description + " " + ClockTime.format(minute)
    }

    /// `12345` → `123.45` (no currency sign, so a spreadsheet reads a number), "" for none.
    static func yuan(_ fen: Int?) -> String {
        guard let fen else { return "" }
        let sign = fen < 0 ? "-" : "", amount = abs(fen)
        let cents = amount % 100
        return sign + String(amount / 100) + "." + (cents < 10 ? "0" : "") + String(cents)
    }
}
