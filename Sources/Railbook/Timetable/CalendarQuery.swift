import HTTP

/// What `/calendar` was asked for: a month, and optionally the trip whose dates the day links
/// search. A month that cannot be shown is replaced by the nearest one, with the reason kept.
struct CalendarQuery: Sendable {
    /// Why the month shown is not the one asked for.
    enum MonthProblem: Equatable, Sendable {
        /// Not `YYYY-MM`; carries what was sent (shortened).
        case invalid(String)
        /// A real month outside the months with holiday data.
        case outOfRange
    }

    let month: CalendarMonth
    let from: String
    let to: String
    let problem: MonthProblem?

    /// Reads `month`, `from` and `to`; no month means the month of `today` (clamped to the data).
    init(query: Parameters, today: CivilDate, months: ClosedRange<CalendarMonth> = PublicHolidays.months) {
        from = String((query["from"] ?? "").prefix(30))
        to = String((query["to"] ?? "").prefix(30))
        let text = query["month"] ?? ""
        let asked: CalendarMonth
        var problem: MonthProblem?
        if text.isEmpty {
            asked = CalendarMonth(of: today)
        } else if let parsed = CalendarMonth(iso: text) {
            asked = parsed
            if !months.contains(parsed) { problem = .outOfRange }
        } else {
            asked = CalendarMonth(of: today)
            problem = .invalid(String(text.prefix(20)))
        }
        month = min(max(asked, months.lowerBound), months.upperBound)
        self.problem = problem
    }

    /// `month` for the trip from `from` to `to` (names as typed; empty for none), as the home page shows it.
    init(month: CalendarMonth, from: String, to: String) {
        self.month = month
        self.from = from
        self.to = to
        problem = nil
    }

    /// The calendar page of `month` for the same trip.
    func target(month shown: CalendarMonth) -> String {
        "/calendar?month=" + shown.description + tripParameters
    }

    /// The search for the trip (when given) on `date`.
    func searchTarget(on date: CivilDate) -> String {
        "/search?date=" + date.description + tripParameters
    }

    private var tripParameters: String {
        (from.isEmpty ? "" : "&from=" + PercentEncoding.encode(from)) + (to.isEmpty ? "" : "&to=" + PercentEncoding.encode(to))
    }
}
