/// The `/calendar` page's values: the month grid (weeks from Monday, as calendars in China are
/// laid out), month links, the holidays of the month and the presale window. The home page shows
/// the month grid of the same values.
struct CalendarViewModel: Encodable {
    /// A row of seven cells, Monday first.
    struct Week: Encodable {
        let days: [CalendarDayViewModel]
    }

    /// A public holiday touching the month: its days off and make-up workdays.
    struct Holiday: Encodable {
        let id: String
        let daysOff: String
        /// The make-up workdays, if there are any.
        let workdays: String?
    }

    /// "十月 2026" / "October 2026".
    let caption: String
    /// The weekdays' names, Monday first.
    let weekdays: [String]
    let weeks: [Week]
    /// The presale window, as a sentence.
    let window: String
    let holidays: [Holiday]
    /// True when some of the month's holidays are not yet announced (dates assumed).
    let isProvisional: Bool
    /// Why the month shown is not the one asked for.
    let problem: String?
    /// The stations typed that name none.
    let stationProblems: [String]
    /// The invitation to choose a trip, while none is chosen and nothing typed was wrong.
    let choose: String?
    /// True while the calendar has no trip: the page then asks for the stations.
    let needsStations: Bool
    /// The month shown, `2026-10`.
    let month: String
    /// The stations as typed.
    let from: String
    let to: String
    /// The trip whose days the calendar searches, as a sentence.
    let trip: String?
    /// The first and last month with holiday data.
    let min: String
    let max: String
    let previousHref: String?
    let nextHref: String?
    /// This month's page, when another month is shown.
    let currentHref: String?

    /// The calendar page of `query`, `today` (the timetable, presale and stations from `railway`).
    init(query: CalendarQuery, railway: Railway, today: CivilDate, text: TextLookup) {
        let language = text.language
        let month = query.month
        let resolver = StationResolver(timetable: railway.timetable)
        let origin = resolver.resolve(query.from), destination = resolver.resolve(query.to)
        let unknown = [query.from, query.to].filter { !$0.isEmpty && resolver.resolve($0) == nil }
        let trip = origin.flatMap { origin in destination.map { (origin, $0) } }
        let window = railway.presaleWindow(today: today)
        let months = PublicHolidays.months
        let holidays = PublicHolidays.holidays(touching: month)
        let dateText = { (date: CivilDate) in text("date_short", String(date.month), String(date.day)) }
        caption = Self.caption(month, text)
        weekdays = [1, 2, 3, 4, 5, 6, 0].map { text(CivilDate.weekdayKey($0)) }
        weeks = Self.weeks(query, window: window, presaleDays: railway.presaleDays, today: today, canSearch: trip != nil, text: text)
        self.window = text(
            "calendar_window", count: railway.presaleDays, dateText(window.lowerBound), dateText(window.upperBound),
            String(railway.presaleDays))
        self.holidays = holidays.map { Self.holiday($0, text, dateText) }
        isProvisional = holidays.contains(where: \.isProvisional)
        problem =
            switch query.problem {
            case .invalid(let sent): text("calendar_error_month_invalid", sent)
            case .outOfRange: text("calendar_error_month_range", Self.caption(months.lowerBound, text), Self.caption(months.upperBound, text))
            case nil: nil
            }
        stationProblems = unknown.map { text("error_station_unknown", $0) }
        choose = trip == nil && unknown.isEmpty ? text("calendar_choose_stations") : nil
        needsStations = trip == nil
        self.month = month.description
        from = query.from
        to = query.to
        self.trip = trip.map { text("calendar_trip", $0.0.name(in: language), $0.1.name(in: language)) }
        min = months.lowerBound.description
        max = months.upperBound.description
        previousHref = month > months.lowerBound ? query.target(month: month.previous) : nil
        nextHref = month < months.upperBound ? query.target(month: month.next) : nil
        let current = Swift.min(Swift.max(CalendarMonth(of: today), months.lowerBound), months.upperBound)
        currentHref = month != current ? query.target(month: current) : nil
    }

    /// The month's days in rows of seven, Monday first, padded with blank cells.
    private static func weeks(
        _ query: CalendarQuery, window: ClosedRange<CivilDate>, presaleDays: Int, today: CivilDate, canSearch: Bool,
        text: TextLookup
    ) -> [Week] {
        let leading = (query.month.firstDay.weekday + 6) % 7
        var cells = Array(repeating: CalendarDayViewModel.blankCell, count: leading)
        cells += query.month.days.map {
            CalendarDayViewModel($0, query: query, window: window, presaleDays: presaleDays, today: today, canSearch: canSearch, text: text)
        }
        cells += Array(repeating: CalendarDayViewModel.blankCell, count: (7 - cells.count % 7) % 7)
        return stride(from: 0, to: cells.count, by: 7).map { Week(days: Array(cells[$0..<$0 + 7])) }
    }

    private static func holiday(_ holiday: PublicHoliday, _ text: TextLookup, _ dateText: (CivilDate) -> String) -> Holiday {
        let name = text(holiday.festival.messageKey)
        let first = holiday.daysOff.lowerBound, last = holiday.daysOff.upperBound
        let count = last.daysSinceEpoch - first.daysSinceEpoch + 1
        let daysOff =
            first == last
            ? text("calendar_holiday_day_off", name, dateText(first))
            : text("calendar_holiday_days_off", count: count, name, dateText(first), dateText(last), String(count))
        let workdays = holiday.makeUpWorkdays.map(dateText).joined(separator: text("calendar_list_separator"))
        return Holiday(
            id: holiday.festival.rawValue, daysOff: daysOff, workdays: workdays.isEmpty ? nil : text("calendar_holiday_workdays", workdays))
    }

    private static func caption(_ month: CalendarMonth, _ text: TextLookup) -> String {
        text(monthKey(month.month), String(month.year))
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
}
