/// A seat or berth in its coach, written one way on every page (see docs/routes.md): a seat as its
/// row in two digits and its letter (`02A`), a berth as its compartment in two digits and `L`, `M`
/// or `U` (`03L`) in data attributes and `03号下铺` / `03 lower` in text.
struct SeatNumber: Equatable, Sendable {
    /// The row (seats) or compartment (berths), from 1.
    let row: Int
    /// `A`…`F` for a seat; `lower`, `middle` or `upper` for a berth.
    let letter: String

    init(row: Int, letter: String) {
        self.row = row
        self.letter = letter
    }

    /// The seat at `index` of a coach of `seatClass`.
    init(seatClass: SeatClass, index: Int) {
        let label = seatClass.seatLabel(index: index)
        self.init(row: label.row, letter: label.letter)
    }

    /// Reads a stored or written seat: `02A`, `2A`, `03L`, `1lower`; nil for anything else.
    init?(code: String) {
        let digits = code.prefix { $0.isASCIIDigit }
        let rest = String(code.dropFirst(digits.count)).trimmed
        guard let row = Int(digits), row > 0 else { return nil }
        let berths = ["L": "lower", "M": "middle", "U": "upper"]
        if let berth = berths[rest] {
            self.init(row: row, letter: berth)
        } else if berths.values.contains(rest) || ["A", "B", "C", "D", "F"].contains(rest) {
            self.init(row: row, letter: rest)
        } else {
            return nil
        }
    }

    var isBerth: Bool { letter.count > 1 }

    /// `02A` or `03L`, for `data-seat`.
    var code: String {
        twoDigits + (isBerth ? String(letter.prefix(1)).uppercased() : letter)
    }

    /// The seat as printed after the coach: `02A`, or `03号下铺` / `03 lower`.
    func text(_ messages: Messages, _ language: Language) -> String {
        guard isBerth, let key = BerthText.numberKey(letter) else { return code }
        return messages.text(key, language, arguments: [twoDigits])
    }

    /// Coach and seat as printed on tickets: `05车 02A` / `Coach 05, seat 02A`, `05车 03号下铺` / `Coach 05, berth 03 lower`.
    func text(coach: String, _ messages: Messages, _ language: Language) -> String {
        messages.text(isBerth ? "berth_format" : "seat_format", language, arguments: [coach, text(messages, language)])
    }

    private var twoDigits: String { row < 10 ? "0\(row)" : String(row) }
}
