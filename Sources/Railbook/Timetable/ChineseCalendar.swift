import Foundation
import Locking

/// A day of the Chinese lunisolar calendar (农历): its month, whether that month is a leap
/// month (闰月), and its day. Chinese pages name it as a Chinese calendar does (`初五`, `正月`);
/// English pages write its month and day in numbers (`text(in:_:)`).
struct LunarDate: Hashable, Sendable {
    /// 1 (正月) … 12 (腊月).
    let month: Int
    /// 1 (初一) … 30 (三十).
    let day: Int
    /// True in an intercalary month, such as 2025's 闰六月.
    let isLeapMonth: Bool

    private static let monthNames = ["正月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "冬月", "腊月"]
    private static let digits = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"]

    /// The month's name: `正月`, `腊月`, `闰四月`.
    var monthName: String {
        (isLeapMonth ? "闰" : "") + Self.monthNames[month - 1]
    }

    /// The day's name: `初一` … `初十`, `十一` … `二十`, `廿一` … `三十`.
    var dayName: String {
        switch day {
        case 1...10: "初" + Self.digits[day]
        case 11...19: "十" + Self.digits[day - 10]
        case 20: "二十"
        case 21...29: "廿" + Self.digits[day - 20]
        default: "三十"
        }
    }

    /// What a calendar cell shows: the month's name on its first day, the day's name otherwise.
    var label: String { day == 1 ? monthName : dayName }

    /// What a page in `language` shows: on Chinese pages `label` (`初五`, `正月`); on English
    /// pages the month and day in numbers, `Lunar 11/5` (`Lunar leap 6/1` in a leap month).
    func text(in language: Language, _ messages: Messages) -> String {
        switch language {
        case .chinese: label
        case .english: messages.text(isLeapMonth ? "lunar_date_leap" : "lunar_date", language, arguments: [String(month), String(day)])
        }
    }
}

/// Converts civil dates to lunar dates with Foundation's Chinese calendar, in China time.
/// The calendar is made once; results are remembered per date (a month page asks for ~31 days).
enum ChineseCalendar {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .chinese)
        calendar.timeZone = TimeZone(secondsFromGMT: ChinaTime.offsetSeconds) ?? calendar.timeZone
        return calendar
    }()

    /// Remembered results; cleared when it grows past `memoryLimit` (dates asked for are few).
    private static let remembered = Locked<[CivilDate: LunarDate]>([:])
    private static let memoryLimit = 4096

    /// The lunar date of `date`.
    static func lunarDate(of date: CivilDate) -> LunarDate {
        if let known = remembered.withLock({ $0[date] }) { return known }
        let lunar = compute(date)
        remembered.withLock { memory in
            if memory.count >= memoryLimit { memory.removeAll(keepingCapacity: true) }
            memory[date] = lunar
        }
        return lunar
    }

    private static func compute(_ date: CivilDate) -> LunarDate {
        // Noon in China, well away from either midnight.
        let noon = Date(timeIntervalSince1970: Double(date.daysSinceEpoch * 86_400 + 12 * 3600 - ChinaTime.offsetSeconds))
        let parts = calendar.dateComponents([.month, .day], from: noon)
        return LunarDate(month: parts.month ?? 1, day: parts.day ?? 1, isLeapMonth: parts.isLeapMonth ?? false)
    }
}
