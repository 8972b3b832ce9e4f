import Locking
import Mustache

/// What the results page's date strip shows of each day of the presale window that is the same for
/// every search of a day: the short date, the weekday, the lunar date and the holiday marks. It is
/// worked out once per day and language (the lunar calendar and holidays cost more than the rest
/// of the strip); each search adds only its links.
final class DateStripDays: Sendable {
    /// A day of the strip, in one language, without its link.
    struct Day: Sendable {
        let date: CivilDate
        /// The short date, weekday, lunar date and holiday marks, as the template reads them.
        let value: MustacheValue
    }

    private struct Key: Hashable {
        let today: CivilDate
        let language: Language
        let days: Int
    }

    private let computed = Locked<[Key: [Day]]>([:])
    private let messages: Messages

    init(messages: Messages) {
        self.messages = messages
    }

    /// The days of `window` in `language`, worked out on the first search of the day.
    func days(of window: ClosedRange<CivilDate>, language: Language) -> [Day] {
        let count = window.upperBound.daysSinceEpoch - window.lowerBound.daysSinceEpoch + 1
        let key = Key(today: window.lowerBound, language: language, days: count)
        if let days = computed.withLock({ $0[key] }) { return days }
        let days = (0..<count).map { day(window.lowerBound.adding(days: $0), language) }
        computed.withLock { computed in
            computed = computed.filter { $0.key.today == key.today } // yesterday's days are not asked again
            computed[key] = days
        }
        return days
    }

    private func day(_ day: CivilDate, _ language: Language) -> Day {
        func text(_ key: String, _ arguments: [String] = []) -> String { messages.text(key, language, arguments: arguments) }
        var values: MustacheObject = [
            "label": .string(text("date_short", [String(day.month), String(day.day)])),
            "weekday": .string(text("weekday_\(day.weekday)")),
            "date": .string(day.description),
            "lunar": language == .chinese ? .string(ChineseCalendar.lunarDate(of: day).label) : .null,
            "holiday": .null, "workday": .null,
        ]
        switch PublicHolidays.mark(on: day) {
        case .dayOff(let holiday):
            values["holiday"] = .object(["id": .string(holiday.festival.rawValue), "name": .string(text(holiday.festival.shortMessageKey))])
        case .makeUpWorkday(let holiday):
            values["workday"] = .object(["id": .string(holiday.festival.rawValue), "name": .string(text("calendar_workday_short"))])
        default:
            break
        }
        return Day(date: day, value: .object(values))
    }
}
