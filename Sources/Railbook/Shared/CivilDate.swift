import Glibc

/// A calendar date (no time), as used for service dates and "today" in China Standard Time.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A date from its parts; nil when the parts do not form a real date.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CivilDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`; nil for anything else or an impossible date.
    public init?(iso text: String) {
        var text = text
        let parsed: (Int, Int, Int)? = text.withUTF8 { bytes in
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for index in range {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    value = value * 10 + Int(digit)
                }
                return value
            }
            guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
            return (year, month, day)
        }
        guard let (year, month, day) = parsed else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date that is `daysSinceEpoch` days after 1970-01-01.
    public init(daysSinceEpoch: Int) {
        // Howard Hinnant's civil_from_days.
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `count` days later (earlier when negative).
    public func adding(days count: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + count) }

    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int { ((daysSinceEpoch % 7) + 11) % 7 }

    /// `YYYY-MM-DD`.
    public var description: String {
        guard (1000...9999).contains(year) else {
            let monthText = month < 10 ? "0\(month)" : "\(month)"
            let dayText = day < 10 ? "0\(day)" : "\(day)"
            return "\(year)-\(monthText)-\(dayText)"
        }
        // Ten ASCII bytes: kept inside the string itself, no allocation.
        return String(unsafeUninitializedCapacity: 10) { bytes in
            func put(_ number: Int, digits: Int, at start: Int) {
                var rest = number
                for index in (start..<start + digits).reversed() {
                    bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(year, digits: 4, at: 0)
            bytes[4] = UInt8(ascii: "-")
            put(month, digits: 2, at: 5)
            bytes[7] = UInt8(ascii: "-")
            put(day, digits: 2, at: 8)
            return 10
        }
    }

    public static func < (left: CivilDate, right: CivilDate) -> Bool {
        (left.year, left.month, left.day) < (right.year, right.month, right.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// China Standard Time (Asia/Shanghai, UTC+8, no daylight saving): the clock of every train time.
public enum ChinaTime {
    /// Seconds east of UTC.
    public static let offsetSeconds = 8 * 3600

    /// Seconds since the Unix epoch, now.
    public static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int(time.tv_sec)
    }

    /// The date in China at the Unix time `seconds`.
    public static func date(at seconds: Int) -> CivilDate {
        let local = seconds + offsetSeconds
        return CivilDate(daysSinceEpoch: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    }

    /// Today's date in China.
    public static func today() -> CivilDate { date(at: now()) }

    /// A monotonic clock in milliseconds, for measuring how long something took.
    public static func monotonicMilliseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int(time.tv_sec) * 1000 + Int(time.tv_nsec) / 1_000_000
    }
}
