/// A seat wish in words, for the order page's "your pick could not be given" line.
enum SeatPickText {
    /// "F 座" / "seat F", "下铺" / "lower berth", "靠窗" / "a window seat".
    static func name(_ pick: SeatAllocator.Preference, _ messages: Messages, _ language: Language) -> String {
        switch pick {
        case .none: ""
        case .window: messages.text("pick_window", language)
        case .aisle: messages.text("pick_aisle", language)
        case .letter(let letter) where letter.count > 1: BerthText.nameKey(letter).map { messages.text($0, language) } ?? letter
        case .letter(let letter): messages.text("pick_seat", language, arguments: [letter])
        }
    }
}
