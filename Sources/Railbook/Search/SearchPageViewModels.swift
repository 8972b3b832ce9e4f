import Mustache

/// The results page (`timetable/search`): the search form filled with the query, its folded
/// summary line, and the rendered results section (from the cache or just made, its seat counts
/// written in).
struct SearchResultsPageViewModel: Encodable {
    /// The one line the form folds into above results: "北京 → 上海 · 12月6日 周六", opened to change it.
    struct Fold: Encodable {
        let route: String
        let date: String
    }

    let form: SearchFormViewModel
    /// The results' summary line (`SearchResultsCache.Entry.summary`).
    let summary: String
    let fold: Fold
    /// The results section, in UTF-8, written as it is.
    let resultsHTML: MustacheValue

    /// The page of a search from `origin` to `destination` on `date`, around its section `resultsHTML`.
    init(
        form: SearchFormViewModel, origin: Station, destination: Station, date: CivilDate, summary: String, resultsHTML: [UInt8],
        text: TextLookup
    ) {
        self.form = form
        self.summary = summary
        let day = text("date_short", String(date.month), String(date.day))
        fold = Fold(
            route: text("results_route", origin.name(in: text.language), destination.name(in: text.language)),
            date: text("results_date", day, text(date.weekdayKey)))
        self.resultsHTML = .utf8(resultsHTML[...])
    }
}

/// The search form again with what was wrong in the query (`timetable/search`, 422): the problems
/// and, for a station name that matched none, stations with a similar name.
struct SearchProblemsPageViewModel: Encodable {
    /// A station with a name like one typed.
    struct Suggestion: Encodable {
        let name: String
        let telecode: String
    }

    /// The search form, as typed.
    let form: SearchFormViewModel
    /// The problems, in the page's language.
    let problems: [String]
    let hasProblems = true
    let suggestions: [Suggestion]
    let hasSuggestions: Bool

    init(form: SearchFormViewModel, problems: [String], suggestions: [Station], language: Language) {
        self.form = form
        self.problems = problems
        self.suggestions = suggestions.map { Suggestion(name: $0.name(in: language), telecode: $0.telecode) }
        hasSuggestions = !suggestions.isEmpty
    }
}
