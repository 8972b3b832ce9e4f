/// A passenger's seat wish as the book page sends it and a ticket keeps it (`tickets.seat_pick`):
/// `window`, `aisle`, a seat letter (`A`…`F`) or a berth (`lower`, `middle`, `upper`); empty for none.
extension SeatAllocator.Preference {
    /// The wish a form value names; anything else is no wish.
    init(code: String) {
        switch code {
        case "window": self = .window
        case "aisle": self = .aisle
        case "A", "B", "C", "D", "F", "lower", "middle", "upper": self = .letter(code)
        default: self = .none
        }
    }

    /// The stored form, nil for no wish.
    var code: String? {
        switch self {
        case .none: nil
        case .window: "window"
        case .aisle: "aisle"
        case .letter(let letter): letter
        }
    }

    /// True when a seat or berth with `letter` in a coach of `seatClass` is what was wished for.
    func isMet(byLetter letter: String, in seatClass: SeatClass) -> Bool {
        switch self {
        case .none: true
        case .window: seatClass.isWindow(letter)
        case .aisle: !seatClass.isSleeper && (letter == "C" || letter == "D")
        case .letter(let wanted): letter == wanted
        }
    }
}
