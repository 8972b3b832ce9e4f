/// A month of the Gregorian calendar, as `/calendar?month=YYYY-MM` names it.
struct CalendarMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    let year: Int
    /// 1 … 12.
    let month: Int

    /// A month from its parts; nil when they do not form one.
    init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// The month `date` falls in.
    init(of date: CivilDate) {
        year = date.year
        month = date.month
    }

    /// Parses `YYYY-MM`; nil for anything else.
    init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1])
        else { return nil }
        self.init(year: year, month: month)
    }

    /// The month's first day.
    var firstDay: CivilDate { CivilDate(year: year, month: month, day: 1)! }

    /// How many days the month has.
    var dayCount: Int { CivilDate.daysIn(month: month, year: year) }

    /// Every day of the month, in order.
    var days: [CivilDate] { (0..<dayCount).map { firstDay.adding(days: $0) } }

    /// The month before.
    var previous: CalendarMonth { CalendarMonth(of: firstDay.adding(days: -1)) }

    /// The month after.
    var next: CalendarMonth { CalendarMonth(of: firstDay.adding(days: dayCount)) }

    /// `YYYY-MM`.
    var description: String { String(firstDay.description.prefix(7)) }

    static func < (left: CalendarMonth, right: CalendarMonth) -> Bool {
        (left.year, left.month) < (right.year, right.month)
    }
}
