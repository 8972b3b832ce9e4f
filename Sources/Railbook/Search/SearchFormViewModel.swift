import HTTP
import Mustache

/// The trip search form as the home and results pages show it: stations, date limits, suggested
/// stations for the `<datalist>`, and the visitor's recent searches.
struct SearchFormViewModel {
    let renderer: PageRenderer
    let context: AppContext
    let railway: Railway
    let history: SearchHistory
    let request: Request

    func value(from: String, to: String, date: String) throws -> MustacheValue {
        let window = railway.presaleWindow(today: context.today)
        let recent = try history.searches(request: request, context: context).map { search -> MustacheValue in
            // The date searched, or the first day on sale once it has gone by.
            let day = min(max(search.date ?? window.lowerBound, window.lowerBound), window.upperBound)
            return .object([
                "from": .string(search.origin.name(in: context.language)), "to": .string(search.destination.name(in: context.language)),
                "href": .string("/search?from=" + PercentEncoding.encode(search.origin.name(in: context.language)) + "&to="
                                + PercentEncoding.encode(search.destination.name(in: context.language)) + "&date=" + day.description),
            ])
        }
        // A date field holds a date or nothing: an invalid one is left out (the message says why).
        let shownDate = date.isEmpty ? window.lowerBound.description : CivilDate(iso: date)?.description ?? ""
        return .object([
            "from": .string(from), "to": .string(to), "date": .string(shownDate),
            "min": .string(window.lowerBound.description), "max": .string(window.upperBound.description),
            "stations": railway.timetable.hotStationOptions(in: context.language),
            "recent": .list(recent), "hasRecent": .bool(!recent.isEmpty),
            "csrf": context.csrfToken.map(MustacheValue.string) ?? .null,
            "back": .string(SafePath.validated(request.target)),
            "calendarHref": .string(from.isEmpty || to.isEmpty ? "/calendar"
                                    : "/calendar?from=" + PercentEncoding.encode(from) + "&to=" + PercentEncoding.encode(to)),
        ])
    }

    /// The one line the form folds into above results: "北京 → 上海 · 12月6日 周六", opened to change it.
    func fold(from origin: Station, to destination: Station, on date: CivilDate) -> MustacheValue {
        let day = text("date_short", [String(date.month), String(date.day)])
        return .object([
            "route": .string(text("results_route", [origin.name(in: context.language), destination.name(in: context.language)])),
            "date": .string(text("results_date", [day, text(date.weekdayKey)])),
        ])
    }

    private func text(_ key: String, _ arguments: [String] = []) -> String {
        renderer.messages.text(key, context.language, arguments: arguments)
    }
}
