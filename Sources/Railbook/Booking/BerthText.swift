/// The words for a sleeper berth, which seat letters name `lower`, `middle` and `upper`.
enum BerthText {
    /// "lower berth" / "下铺"; nil for a letter that names no berth.
    static func nameKey(_ berth: String) -> String? {
        switch berth {
        case "lower": "berth_lower"
        case "middle": "berth_middle"
        case "upper": "berth_upper"
        default: nil
        }
    }

    /// "03 lower" / "03号下铺", with the berth's number as argument; nil for a letter that names no berth.
    static func numberKey(_ berth: String) -> String? {
        switch berth {
        case "lower": "berth_number_lower"
        case "middle": "berth_number_middle"
        case "upper": "berth_number_upper"
        default: nil
        }
    }
}
