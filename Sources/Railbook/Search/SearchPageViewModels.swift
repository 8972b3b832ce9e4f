import Mustache

/// The results page (`timetable/search`): the search form filled with the query, its folded
/// summary line, and the rendered results section (from the cache or just made, its seat counts
/// written in).
struct SearchResultsPageViewModel: MustacheRenderable {
    /// The search form's value (`SearchFormViewModel.value`).
    let form: MustacheValue
    /// The one-line summary the form folds into (`SearchFormViewModel.fold`).
    let fold: MustacheValue
    /// The results' summary line (`SearchResultsCache.Entry.summary`).
    let summary: String
    /// The results section, in UTF-8.
    let resultsHTML: [UInt8]

    var mustacheValue: MustacheValue {
        .object(["form": form, "summary": .string(summary), "fold": fold, "resultsHTML": .utf8(resultsHTML[...])])
    }
}

/// The search form again with what was wrong in the query (`timetable/search`, 422): the problems
/// and, for a station name that matched none, stations with a similar name.
struct SearchProblemsPageViewModel: MustacheRenderable {
    /// The search form's value, as typed.
    let form: MustacheValue
    /// The problems, in the page's language.
    let problems: [String]
    let suggestions: [Station]
    let language: Language

    var mustacheValue: MustacheValue {
        .object([
            "form": form,
            "problems": .list(problems.map { .string($0) }),
            "hasProblems": .bool(true),
            "suggestions": .list(suggestions.map { .object(["name": .string($0.name(in: language)), "telecode": .string($0.telecode)]) }),
            "hasSuggestions": .bool(!suggestions.isEmpty),
        ])
    }
}
