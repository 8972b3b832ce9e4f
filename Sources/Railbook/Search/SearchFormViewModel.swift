import HTTP
import Mustache

/// The trip search form as the home and results pages show it: stations, date limits, suggested
/// stations for the `<datalist>`, and the visitor's recent searches.
struct SearchFormViewModel: Encodable {
    /// One recent search, as a link that searches it again.
    struct RecentSearch: Encodable {
        let from: String
        let to: String
        let href: String
    }

    /// One suggested station of the `<datalist>`.
    struct StationOption: Encodable {
        let name: String
    }

    let from: String
    let to: String
    /// The date field: the date asked for, the first day on sale when none was, empty when it was invalid.
    let date: String
    let min: String
    let max: String
    /// The hot stations' `<datalist>` options, encoded once per timetable (`Timetable.hotStationOptions`).
    let stations: MustacheValue
    let recent: [RecentSearch]
    let hasRecent: Bool
    /// The token of the form that clears the recent searches; nil without a session (the form is then left out).
    let csrf: String?
    /// Where clearing the recent searches goes back to.
    let back: String
    /// The calendar, for the trip typed when both stations are.
    let calendarHref: String

    /// The form holding `from`, `to` and `date` as typed, with the visitor's recent `searches`;
    /// `window` is the presale window, `target` the address of the page it is on.
    init(
        from: String, to: String, date: String, searches: [SearchHistory.Search], window: ClosedRange<CivilDate>,
        timetable: Timetable, language: Language, csrf: String?, target: String
    ) {
        self.from = from
        self.to = to
        // A date field holds a date or nothing: an invalid one is left out (the message says why).
        self.date = date.isEmpty ? window.lowerBound.description : CivilDate(iso: date)?.description ?? ""
        min = window.lowerBound.description
        max = window.upperBound.description
        stations = timetable.hotStationOptions(in: language)
        recent = searches.map { search in
            // The date searched, or the first day on sale once it has gone by.
            let day = Swift.min(Swift.max(search.date ?? window.lowerBound, window.lowerBound), window.upperBound)
            let from = search.origin.name(in: language), to = search.destination.name(in: language)
            return RecentSearch(
                from: from, to: to,
                href: "/search?from=" + PercentEncoding.encode(from) + "&to="
                    + PercentEncoding.encode(to) + "&date=" + day.description)
        }
        hasRecent = !recent.isEmpty
        self.csrf = csrf
        back = SafePath.validated(target)
        calendarHref =
            from.isEmpty || to.isEmpty
            ? "/calendar"
            : "/calendar?from=" + PercentEncoding.encode(from) + "&to=" + PercentEncoding.encode(to)
    }
}
