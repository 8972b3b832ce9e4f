/// Hides most of an identity document or phone number on screen, keeping enough to recognise it.
enum Masking {
    /// `110101199003071234` → `1101**********1234`: the first and last four characters stay.
    static func certificate(_ number: String) -> String {
        guard number.count > 8 else { return String(repeating: "*", count: number.count) }
        return String(number.prefix(4)) + String(repeating: "*", count: number.count - 8) + String(number.suffix(4))
    }

    /// `wang_wei` → `wa***i`: two characters first, the last one, and three stars whatever the length.
    static func account(_ name: String) -> String {
        guard name.count > 3 else { return String(name.prefix(1)) + "***" }
        return String(name.prefix(2)) + "***" + String(name.suffix(1))
    }

    /// `13812345678` → `138****5678`.
    static func mobile(_ number: String) -> String {
        guard number.count > 7 else { return String(repeating: "*", count: number.count) }
        return String(number.prefix(3)) + String(repeating: "*", count: number.count - 7) + String(number.suffix(4))
    }
}
