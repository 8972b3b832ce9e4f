import Mustache

/// The `/calendar` page's values: the month grid (weeks from Monday, as calendars in China are
/// laid out), month links, the holidays of the month and the presale window.
struct CalendarViewModel: MustacheRenderable {
    let renderer: PageRenderer
    let language: Language
    let railway: Railway
    let query: CalendarQuery
    let today: CivilDate

    /// Everything the template shows.
    var mustacheValue: MustacheValue { .object(values()) }

    /// The page's values (the home page embeds the month of the calendar).
    func values() -> MustacheObject {
        let month = query.month
        let resolver = StationResolver(timetable: railway.timetable)
        let origin = resolver.resolve(query.from), destination = resolver.resolve(query.to)
        let unknown = [query.from, query.to].filter { !$0.isEmpty && resolver.resolve($0) == nil }
        let trip = origin.flatMap { origin in destination.map { (origin, $0) } }
        let window = railway.presaleWindow(today: today)
        let months = PublicHolidays.months
        let holidays = PublicHolidays.holidays(touching: month)
        var values: MustacheObject = [
            "caption": .string(caption(month)),
            "weekdays": .list([1, 2, 3, 4, 5, 6, 0].map { .string(text(CivilDate.weekdayKey($0))) }),
            "weeks": .list(weeks(window: window, canSearch: trip != nil)),
            "window": .string(renderer.messages.text("calendar_window", language, count: railway.presaleDays, arguments: [
                dateText(window.lowerBound), dateText(window.upperBound), String(railway.presaleDays)])),
            "holidays": .list(holidays.map(holidayValue)),
            "isProvisional": .bool(holidays.contains(where: \.isProvisional)),
            "problem": problem.map(MustacheValue.string) ?? .null,
            "stationProblems": .list(unknown.map { .string(text("error_station_unknown", [$0])) }),
            "choose": trip == nil && unknown.isEmpty ? .string(text("calendar_choose_stations")) : .null,
            "needsStations": .bool(trip == nil),
            "month": .string(month.description), "from": .string(query.from), "to": .string(query.to),
            "trip": trip.map { .string(text("calendar_trip", [$0.0.name(in: language), $0.1.name(in: language)])) } ?? .null,
            "min": .string(months.lowerBound.description), "max": .string(months.upperBound.description),
            "previousHref": .null, "nextHref": .null, "currentHref": .null,
        ]
        if month > months.lowerBound { values["previousHref"] = .string(query.target(month: month.previous)) }
        if month < months.upperBound { values["nextHref"] = .string(query.target(month: month.next)) }
        let current = min(max(CalendarMonth(of: today), months.lowerBound), months.upperBound)
        if month != current { values["currentHref"] = .string(query.target(month: current)) }
        return values
    }

    /// The month's days in rows of seven, Monday first, padded with blank cells.
    private func weeks(window: ClosedRange<CivilDate>, canSearch: Bool) -> [MustacheValue] {
        let day = CalendarDayViewModel(renderer: renderer, language: language, query: query, window: window,
                                       presaleDays: railway.presaleDays, today: today, canSearch: canSearch)
        let leading = (query.month.firstDay.weekday + 6) % 7
        var cells = Array(repeating: CalendarDayViewModel.blank, count: leading) + query.month.days.map(day.value)
        cells += Array(repeating: CalendarDayViewModel.blank, count: (7 - cells.count % 7) % 7)
        return stride(from: 0, to: cells.count, by: 7).map { .object(["days": .list(Array(cells[$0..<$0 + 7]))]) }
    }

    private func holidayValue(_ holiday: PublicHoliday) -> MustacheValue {
        let name = text(holiday.festival.messageKey)
        let first = holiday.daysOff.lowerBound, last = holiday.daysOff.upperBound
        let count = last.daysSinceEpoch - first.daysSinceEpoch + 1
        let daysOff = first == last
            ? text("calendar_holiday_day_off", [name, dateText(first)])
            : renderer.messages.text("calendar_holiday_days_off", language, count: count,
                                     arguments: [name, dateText(first), dateText(last), String(count)])
        let workdays = holiday.makeUpWorkdays.map(dateText).joined(separator: text("calendar_list_separator"))
        return .object([
            "id": .string(holiday.festival.rawValue), "daysOff": .string(daysOff),
            "workdays": workdays.isEmpty ? .null : .string(text("calendar_holiday_workdays", [workdays])),
        ])
    }

    private var problem: String? {
        switch query.problem {
        case .invalid(let sent): text("calendar_error_month_invalid", [sent])
        case .outOfRange: text("calendar_error_month_range", [caption(PublicHolidays.months.lowerBound), caption(PublicHolidays.months.upperBound)])
        case nil: nil
        }
    }

    private func caption(_ month: CalendarMonth) -> String {
        text(Self.monthKey(month.month), [String(month.year)])
    }

    /// "十月 2026" / "October 2026", with the year as argument.
    private static func monthKey(_ month: Int) -> String {
        switch month {
        case 1: "calendar_month_1"
        case 2: "calendar_month_2"
        case 3: "calendar_month_3"
        case 4: "calendar_month_4"
        case 5: "calendar_month_5"
        case 6: "calendar_month_6"
        case 7: "calendar_month_7"
        case 8: "calendar_month_8"
        case 9: "calendar_month_9"
        case 10: "calendar_month_10"
        case 11: "calendar_month_11"
        default: "calendar_month_12"
        }
    }

    private func dateText(_ date: CivilDate) -> String {
        text("date_short", [String(date.month), String(date.day)])
    }

    private func text(_ key: String, _ arguments: [String] = []) -> String {
        renderer.messages.text(key, language, arguments: arguments)
    }
}
