/// One day cell of the calendar: day number, lunar day, holiday mark, and what can be done that
/// day (search it inside the presale window, or when its presale opens after the window). A blank
/// cell (before the 1st or after the last day of the month) has only `blank`.
struct CalendarDayViewModel: Encodable {
    /// The holiday a day off or a make-up workday belongs to.
    struct Festival: Encodable {
        /// The holiday's name in `data-holiday` / `data-workday`.
        let id: String
        /// The short mark in the cell ("国庆", "班").
        let name: String
        /// The holiday's full name, as the mark's title.
        let title: String
    }

    let blank: Bool
    /// `2026-10-01`; nil on a blank cell, as are the others below.
    let date: String?
    let day: Int?
    let lunar: String?
    /// True on the first day of a lunar month (its name is shown instead of the day).
    let isLunarMonth: Bool?
    let holiday: Festival?
    let workday: Festival?
    /// The search for the trip on this day, while it is on sale and the calendar has a trip.
    let searchHref: String?
    let searchLabel: String?
    /// When this day's presale opens, for days after the presale window.
    let presaleOpens: String?
    let isToday: Bool?
    let classes: String?

    /// A cell that is not part of the month.
    static let blankCell = CalendarDayViewModel()

    private init() {
        blank = true
        date = nil
        day = nil
        lunar = nil
        isLunarMonth = nil
        holiday = nil
        workday = nil
        searchHref = nil
        searchLabel = nil
        presaleOpens = nil
        isToday = nil
        classes = nil
    }

    /// The cell of `date` in the calendar of `query`, with `window` on sale today; days link to
    /// their search only when `canSearch` (the calendar has a trip).
    init(
        _ date: CivilDate, query: CalendarQuery, window: ClosedRange<CivilDate>, presaleDays: Int, today: CivilDate, canSearch: Bool,
        text: TextLookup
    ) {
        let lunar = ChineseCalendar.lunarDate(of: date)
        var classes = ["calendar__day"]
        var holiday: Festival?, workday: Festival?
        switch PublicHolidays.mark(on: date) {
        case .dayOff(let marked):
            holiday = Festival(id: marked.festival.rawValue, name: text(marked.festival.shortMessageKey), title: text(marked.festival.messageKey))
            classes.append("calendar__day--holiday")
        case .makeUpWorkday(let marked):
            workday = Festival(id: marked.festival.rawValue, name: text("calendar_workday_short"), title: text(marked.festival.messageKey))
            classes.append("calendar__day--workday")
        case nil:
            break
        }
        var searchHref: String?, searchLabel: String?, presaleOpens: String?
        if date < window.lowerBound {
            classes.append("calendar__day--past")
        } else if date <= window.upperBound {
            if canSearch {
                searchHref = query.searchTarget(on: date)
                searchLabel = text("calendar_search_day", String(date.month), String(date.day))
            }
            classes.append("calendar__day--on-sale")
        } else {
            let opens = date.adding(days: -(presaleDays - 1))
            presaleOpens = text("calendar_presale_opens", String(opens.month), String(opens.day))
        }
        if date == today { classes.append("calendar__day--today") }
        blank = false
        self.date = date.description
        day = date.day
        self.lunar = lunar.text(in: text.language, text.messages)
        isLunarMonth = lunar.day == 1
        self.holiday = holiday
        self.workday = workday
        self.searchHref = searchHref
        self.searchLabel = searchLabel
        self.presaleOpens = presaleOpens
        isToday = date == today
        self.classes = classes.joined(separator: " ")
    }
}
