import HTTP

/// `/search`: trains between two stations on a date, with filters, sort and the date strip, and
/// journeys with one change when asked (`transfers=1`) or when no direct train runs that day.
/// Every mistake in the query comes back as the search form with a message, never an error page.
struct SearchController: Controller {
    let renderer: PageRenderer
    let railway: Railway
    let history: SearchHistory
    /// The results sections, cached or made (`SearchResults`).
    let results: SearchResults

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/search", use: search)
        router.post("/search/history/clear", use: clearHistory)
    }

    /// Forgets the visitor's recent searches and goes back to the page the form was on.
    func clearHistory(_ request: Request, _ context: inout AppContext) throws -> Response {
        try history.clear(context: &context)
        return .redirect(to: SafePath.validated(request.form["back"]))
    }

    func search(_ request: Request, _ context: inout AppContext) throws -> Response {
        if request.query["swap"] == nil, let (cached, html) = try results.cached(request, context) {
            return try page(cached, html, request, &context)
        }
        var query = SearchQuery(query: request.query)
        if request.query["swap"] != nil {
            swap(&query.from, &query.to)
            return .redirect(to: query.target())
        }
        let today = context.today
        let checked = SearchValidation(railway: railway, today: today).check(query)
        guard let origin = checked.origin, let destination = checked.destination, let date = checked.date, checked.problems.isEmpty else {
            _ = renderer.csrf.ensureToken(&context)
            let text = renderer.texts(context)
            let page = SearchProblemsPageViewModel(
                form: try form(from: query.from, to: query.to, date: query.date, request, context),
                problems: checked.problems.map { $0.text(text) },
                suggestions: checked.suggestions, language: context.language)
            return try renderer.formPage("timetable/search", page, context: &context, status: .unprocessableContent)
        }
        let section = try results.section(
            query, origin: origin, destination: destination, date: date, today: today,
            request: request, context: context)
        return try page(section, section.section.html, request, &context)
    }

    /// The results page around a results section (`html`, its seat counts filled in): the search
    /// form (with this visitor's recent searches).
    private func page(
        _ results: SearchResultsCache.Entry, _ html: [UInt8], _ request: Request,
        _ context: inout AppContext
    ) throws -> Response {
        let origin = results.origin, destination = results.destination
        try history.record(origin: origin, destination: destination, date: results.date, request: request, context: &context)
        _ = renderer.csrf.ensureToken(&context)
        let form = try form(
            from: origin.name(in: context.language), to: destination.name(in: context.language),
            date: results.date.description, request, context)
        let page = SearchResultsPageViewModel(
            form: form, origin: origin, destination: destination, date: results.date,
            summary: results.summary, resultsHTML: html, text: renderer.texts(context))
        return try renderer.formPage("timetable/search", page, context: &context, capacity: html.count + 24 * 1024)
    }

    /// The search form holding `from`, `to` and `date`, with this visitor's recent searches.
    private func form(from: String, to: String, date: String, _ request: Request, _ context: AppContext) throws -> SearchFormViewModel {
        SearchFormViewModel(
            from: from, to: to, date: date, searches: try history.searches(request: request, context: context),
            window: railway.presaleWindow(today: context.today), timetable: railway.timetable, language: context.language,
            csrf: context.csrfToken, target: request.target)
    }
}
