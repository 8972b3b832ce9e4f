import Mustache

/// One day cell of the calendar: day number, lunar day, holiday mark, and what can be done that
/// day (search it inside the presale window, or when its presale opens after the window).
struct CalendarDayViewModel {
    let renderer: PageRenderer
    let language: Language
    let query: CalendarQuery
    let window: ClosedRange<CivilDate>
    let presaleDays: Int
    let today: CivilDate
    /// False while the calendar has no trip: a day then has nothing to search (the page asks for stations).
    let canSearch: Bool

    /// The cell of `date`.
    func value(_ date: CivilDate) -> MustacheValue {
        let lunar = ChineseCalendar.lunarDate(of: date)
        let mark = PublicHolidays.mark(on: date)
        var classes = ["calendar__day"]
        var values: MustacheObject = [
            "blank": .bool(false), "date": .string(date.description), "day": .int(date.day),
            "lunar": .string(lunar.text(in: language, renderer.messages)), "isLunarMonth": .bool(lunar.day == 1),
            "holiday": .null, "workday": .null, "searchHref": .null, "searchLabel": .null, "presaleOpens": .null,
            "isToday": .bool(date == today),
        ]
        switch mark {
        case .dayOff(let holiday):
            values["holiday"] = festival(holiday, text(holiday.festival.shortMessageKey))
            classes.append("calendar__day--holiday")
        case .makeUpWorkday(let holiday):
            values["workday"] = festival(holiday, text("calendar_workday_short"))
            classes.append("calendar__day--workday")
        case nil:
            break
        }
        if date < window.lowerBound {
            classes.append("calendar__day--past")
        } else if date <= window.upperBound {
            if canSearch {
                values["searchHref"] = .string(query.searchTarget(on: date))
                values["searchLabel"] = .string(text("calendar_search_day", [String(date.month), String(date.day)]))
            }
            classes.append("calendar__day--on-sale")
        } else {
            let opens = date.adding(days: -(presaleDays - 1))
            values["presaleOpens"] = .string(text("calendar_presale_opens", [String(opens.month), String(opens.day)]))
        }
        if date == today { classes.append("calendar__day--today") }
        values["classes"] = .string(classes.joined(separator: " "))
        return .object(values)
    }

    /// A cell that is not part of the month (before the 1st or after the last day).
    static let blank = MustacheValue.object(["blank": .bool(true)])

    private func festival(_ holiday: PublicHoliday, _ name: String) -> MustacheValue {
        .object(["id": .string(holiday.festival.rawValue), "name": .string(name), "title": .string(text(holiday.festival.messageKey))])
    }

    private func text(_ key: String, _ arguments: [String] = []) -> String {
        renderer.messages.text(key, language, arguments: arguments)
    }
}
