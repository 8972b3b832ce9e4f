/// Amounts of money in fen (1/100 yuan), shown as `¥553` or `¥553.5`. Never floating point.
enum Money {
    /// `55350` → `¥553.5`, `55300` → `¥553`, `5` → `¥0.05`.
    static func format(_ fen: Int) -> String {
        let sign = fen < 0 ? "-" : ""
        let amount = abs(fen)
        let yuan = amount / 100, cents = amount % 100
        if cents == 0 { return "\(sign)¥\(yuan)" }
        if cents % 10 == 0 { return "\(sign)¥\(yuan).\(cents / 10)" }
        return "\(sign)¥\(yuan).\(cents < 10 ? "0" : "")\(cents)"
    }
}

/// Clock times of trains: minutes after midnight of a service date shown as `HH:MM`.
enum ClockTime {
    /// `1510` → `01:10` (the day is shown separately).
    static func format(_ minute: Int) -> String {
        let inDay = ((minute % 1440) + 1440) % 1440
        let hours = inDay / 60, minutes = inDay % 60
        return (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes)
    }

    /// Parses `HH:MM` (00:00–23:59) into minutes after midnight.
    static func parse(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
            let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<24).contains(hours), (0..<60).contains(minutes)
        else {
            return nil
        }
        return hours * 60 + minutes
    }
}
