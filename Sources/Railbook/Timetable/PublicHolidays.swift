/// One public holiday of the PRC as arranged for one year: the days off in a row and the weekend
/// days worked instead (调休上班).
struct PublicHoliday: Sendable {
    /// The seven public holidays; the raw value names them in `data-holiday` and message keys.
    enum Festival: String, CaseIterable, Sendable {
        case newYear = "new_year"
        case springFestival = "spring_festival"
        case qingming
        case labourDay = "labour_day"
        case dragonBoat = "dragon_boat"
        case midAutumn = "mid_autumn"
        case nationalDay = "national_day"

        /// The key of the full name (`国庆节`, “National Day”).
        var messageKey: String {
            switch self {
            case .newYear: "holiday_new_year"
            case .springFestival: "holiday_spring_festival"
            case .qingming: "holiday_qingming"
            case .labourDay: "holiday_labour_day"
            case .dragonBoat: "holiday_dragon_boat"
            case .midAutumn: "holiday_mid_autumn"
            case .nationalDay: "holiday_national_day"
            }
        }
        /// The key of the short name for compact places such as the date strip.
        var shortMessageKey: String {
            switch self {
            case .newYear: "holiday_short_new_year"
            case .springFestival: "holiday_short_spring_festival"
            case .qingming: "holiday_short_qingming"
            case .labourDay: "holiday_short_labour_day"
            case .dragonBoat: "holiday_short_dragon_boat"
            case .midAutumn: "holiday_short_mid_autumn"
            case .nationalDay: "holiday_short_national_day"
            }
        }
    }

    let festival: Festival
    let daysOff: ClosedRange<CivilDate>
    /// Weekend days that are working days to make up for the holiday (调休上班).
    let makeUpWorkdays: [CivilDate]
    /// True when the State Council had not published the arrangement yet (see docs/data.md).
    let isProvisional: Bool
}

/// What a date is in the holiday arrangement.
enum HolidayMark: Sendable {
    /// A day off for the holiday.
    case dayOff(PublicHoliday)
    /// A weekend day worked to make up for the holiday (调休上班).
    case makeUpWorkday(PublicHoliday)

    /// The holiday the mark belongs to.
    var holiday: PublicHoliday {
        switch self {
        case .dayOff(let holiday), .makeUpWorkday(let holiday): holiday
        }
    }
}

/// The public holidays of 2026 (国办发明电, published 2025-11-04) and 2027 (provisional: statutory
/// dates from the lunar calendar and the 2024 rules, make-up days estimated). docs/data.md explains.
enum PublicHolidays {
    /// The months the calendar has holiday data for.
    static let months = CalendarMonth(year: 2026, month: 1)!...CalendarMonth(year: 2027, month: 12)!

    /// Every holiday of the table, in date order.
    static let all: [PublicHoliday] = [
        holiday(.newYear, "2026-01-01", "2026-01-03", workdays: ["2026-01-04"]),
        holiday(.springFestival, "2026-02-15", "2026-02-23", workdays: ["2026-02-14", "2026-02-28"]),
        holiday(.qingming, "2026-04-04", "2026-04-06"),
        holiday(.labourDay, "2026-05-01", "2026-05-05", workdays: ["2026-05-09"]),
        holiday(.dragonBoat, "2026-06-19", "2026-06-21"),
        holiday(.midAutumn, "2026-09-25", "2026-09-27"),
        holiday(.nationalDay, "2026-10-01", "2026-10-07", workdays: ["2026-09-20", "2026-10-10"]),
        holiday(.newYear, "2027-01-01", "2027-01-03", provisional: true),
        holiday(.springFestival, "2027-02-05", "2027-02-12", workdays: ["2027-01-31", "2027-02-20"], provisional: true),
        holiday(.qingming, "2027-04-03", "2027-04-05", provisional: true),
        holiday(.labourDay, "2027-05-01", "2027-05-05", workdays: ["2027-05-08"], provisional: true),
        holiday(.dragonBoat, "2027-06-09", "2027-06-09", provisional: true),
        holiday(.midAutumn, "2027-09-15", "2027-09-15", provisional: true),
        holiday(.nationalDay, "2027-10-01", "2027-10-07", workdays: ["2027-09-26", "2027-10-09"], provisional: true),
    ]

    private static let marks: [CivilDate: HolidayMark] = all.reduce(into: [:]) { marks, holiday in
        var day = holiday.daysOff.lowerBound
        while day <= holiday.daysOff.upperBound {
            marks[day] = .dayOff(holiday)
            day = day.adding(days: 1)
        }
        for workday in holiday.makeUpWorkdays { marks[workday] = .makeUpWorkday(holiday) }
    }

    /// The holiday mark of `date`, or nil for an ordinary day (or a date without data).
    static func mark(on date: CivilDate) -> HolidayMark? { marks[date] }

    /// The holidays with a day off or a make-up working day in `month`, in date order.
    static func holidays(touching month: CalendarMonth) -> [PublicHoliday] {
        all.filter { holiday in
            ([holiday.daysOff.lowerBound, holiday.daysOff.upperBound] + holiday.makeUpWorkdays).contains { CalendarMonth(of: $0) == month }
        }
    }

    private static func holiday(
        _ festival: PublicHoliday.Festival, _ first: String, _ last: String,
        workdays: [String] = [], provisional: Bool = false
    ) -> PublicHoliday {
        PublicHoliday(
            festival: festival, daysOff: date(first)...date(last), makeUpWorkdays: workdays.map(date),
            isProvisional: provisional)
    }

    private static func date(_ text: String) -> CivilDate {
        guard let date = CivilDate(iso: text) else { preconditionFailure("bad date \(text) in the holiday table") }
        return date
    }
}
