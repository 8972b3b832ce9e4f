// Builds its template values by hand, not as a typed view-model: the results section is rendered
// once and cached as HTML, and building by hand keeps that render fast (see docs/benchmarks.md).

import Locking
import Mustache

/// What the results page's date strip shows of each day of the presale window that is the same for
/// every search of a day: the short date, the weekday, the lunar date and the holiday marks. It is
/// worked out and rendered (`timetable/_strip_day`) once per day and language; each search adds
/// only its links and fares.
final class DateStripDays: Sendable {
    /// A day of the strip, in one language, without its link.
    struct Day: Sendable {
        let date: CivilDate
        /// `date` as the links and `data-date` write it.
        let text: String
        /// The short date, weekday, lunar date and holiday marks, rendered.
        let html: [UInt8]
    }

    private struct Key: Hashable {
        let today: CivilDate
        let language: Language
        let days: Int
    }

    private let computed = Locked<[Key: [Day]]>([:])
    private let renderer: PageRenderer
    private var messages: Messages { renderer.messages }

    init(renderer: PageRenderer) {
        self.renderer = renderer
    }

    /// The days of `window` in `language`, worked out on the first search of the day.
    func days(of window: ClosedRange<CivilDate>, language: Language) throws -> [Day] {
        let count = window.upperBound.daysSinceEpoch - window.lowerBound.daysSinceEpoch + 1
        let key = Key(today: window.lowerBound, language: language, days: count)
        if let days = computed.withLock({ $0[key] }) { return days }
        let days = try (0..<count).map { try day(window.lowerBound.adding(days: $0), language) }
        computed.withLock { computed in
            computed = computed.filter { $0.key.today == key.today } // yesterday's days are not asked again
            computed[key] = days
        }
        return days
    }

    private func day(_ day: CivilDate, _ language: Language) throws -> Day {
        func text(_ key: String, _ arguments: [String] = []) -> String { messages.text(key, language, arguments: arguments) }
        var values: MustacheObject = [
            "label": .string(text("date_short", [String(day.month), String(day.day)])),
            "weekday": .string(text(day.weekdayKey)),
            "date": .string(day.description),
            "lunar": .string(ChineseCalendar.lunarDate(of: day).text(in: language, messages)),
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
        return Day(date: day, text: day.description, html: try renderer.fragment("timetable/_strip_day", values, language: language))
    }
}
