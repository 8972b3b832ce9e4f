/// Hides most of an identity document or phone number on screen, keeping enough to recognise it.
enum Masking {
    /// `110101199003071234` → `1101**********1234`: the first and last four characters stay.
    static func certificate(_ number: String) -> String {
        guard number.count > 8 else { return String(repeating: "*", count: number.count) }
        return String(number.prefix(4)) + String(repeating: "*", count: number.count - 8) + String(number.suffix(4))
    }

    /// `13812345678` → `138****5678`.
    static func mobile(_ number: String) -> String {
        guard number.count > 7 else { return String(repeating: "*", count: number.count) }
        return String(number.prefix(3)) + String(repeating: "*", count: number.count - 7) + String(number.suffix(4))
    }
}
