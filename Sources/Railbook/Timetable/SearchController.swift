import HTTP
import Mustache

/// `/search`: trains between two stations on a date, with filters, sort and the date strip, and
/// journeys with one change when asked (`transfers=1`) or when no direct train runs that day.
/// Every mistake in the query comes back as the search form with a message, never an error page.
struct SearchController: Controller {
    let renderer: PageRenderer
    let railway: Railway
    let history: SearchHistory
    /// The date strip's days, worked out once a day.
    let stripDays: DateStripDays
    /// The filter form's train types and parts of the day, worked out once.
    let filterOptions: FilterOptions

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/search") { request, context in try search(request, &context) }
        router.post("/search/history/clear") { request, context in
            try history.clear(context: &context)
            return .redirect(to: SafePath.validated(request.form["back"]))
        }
    }

    func search(_ request: Request, _ context: inout AppContext) throws -> Response {
        if request.query["swap"] == nil, let (cached, html) = try cachedResults(request, context) {
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
            let form = SearchFormViewModel(renderer: renderer, context: context, railway: railway, history: history, request: request)
            let page = SearchProblemsPageViewModel(form: try form.value(from: query.from, to: query.to, date: query.date),
                                                   problems: checked.problems.map { $0.text(renderer, context) },
                                                   suggestions: checked.suggestions, language: context.language)
            return try renderer.formPage("timetable/search", page, context: &context, status: .unprocessableContent)
        }
        let results = try resultsSection(query, origin: origin, destination: destination, date: date, today: today,
                                         request: request, context: context)
        return try page(results, results.section.html, request, &context)
    }

    /// The results page around a results section (`html`, its seat counts filled in): the search
    /// form (with this visitor's recent searches).
    private func page(_ results: SearchResultsCache.Entry, _ html: [UInt8], _ request: Request,
                      _ context: inout AppContext) throws -> Response {
        let origin = results.origin, destination = results.destination
        try history.record(origin: origin, destination: destination, date: results.date, request: request, context: &context)
        _ = renderer.csrf.ensureToken(&context)
        let form = SearchFormViewModel(renderer: renderer, context: context, railway: railway, history: history, request: request)
        let page = SearchResultsPageViewModel(
            form: try form.value(from: origin.name(in: context.language), to: destination.name(in: context.language), date: results.date.description),
            fold: form.fold(from: origin, to: destination, on: results.date), summary: results.summary, resultsHTML: html)
        return try renderer.formPage("timetable/search", page, context: &context, capacity: html.count + 24 * 1024)
    }

    private func cacheKey(_ request: Request, _ context: AppContext) -> String {
        context.language.code + "|" + String(context.now / SearchResultsCache.freshness) + "|" + request.target
    }

    /// The results for exactly this address when rendered recently and still current (the same
    /// runs and timetable, no class sold out or back on sale, no seat sold or released on a run of
    /// its journeys with a change), with the seat counts of this moment written in: the section as
    /// last served when no seat of its runs changed since, else with the counts read again.
    private func cachedResults(_ request: Request, _ context: AppContext) throws -> (SearchResultsCache.Entry, [UInt8])? {
        try railway.resultsCache.entry(cacheKey(request, context)) { [railway] entry in
            let inventory = railway.inventory
            let generation = inventory.generation
            guard entry.runsGeneration == railway.runs.generation else { return nil }
            if let html = entry.section.html(currentAt: generation, isCurrent: inventory.areCurrent) { return (entry, html) }
            guard inventory.areCurrent(entry.seats) else { return nil }
            let stamps = inventory.stamps(of: entry.runIDs, unchangedSince: generation)
            let offers = try railway.search.currentOffers(of: entry.trips)
            guard let html = entry.html(offers: offers, readAt: generation, stamps: stamps) else { return nil }
            return (entry, html)
        }
    }

    /// The lowest fare of each day of the presale window between the two stations with its text in
    /// the page's language, worked out once a day per pair (and again when the runs change).
    private func lowestFares(from origin: Station, to destination: Station, today: CivilDate, language: Language,
                             runsGeneration: Int) throws -> [CivilDate: SearchPartsCache.DayFare] {
        let window = railway.presaleWindow(today: today)
        let count = window.upperBound.daysSinceEpoch - window.lowerBound.daysSinceEpoch + 1
        let parts = railway.resultsCache.parts
        if let fares = parts.lowestFares(from: origin.id, to: destination.id, firstDay: today, days: count, language: language,
                                         runsGeneration: runsGeneration) {
            return fares
        }
        let fares = try railway.search.lowestFares(from: origin, to: destination, on: (0..<count).map { today.adding(days: $0) }).mapValues {
            SearchPartsCache.DayFare(fen: $0, text: renderer.messages.text("date_strip_from_price", language, arguments: [Money.format($0)]))
        }
        parts.store(lowestFares: fares, from: origin.id, to: destination.id, firstDay: today, days: count, language: language,
                    runsGeneration: runsGeneration)
        return fares
    }

    /// The rendered results (date strip, filters, trains, transfers), stored in the cache for the
    /// next request of this address when it was asked for before.
    private func resultsSection(_ query: SearchQuery, origin: Station, destination: Station, date: CivilDate, today: CivilDate,
                                request: Request, context: AppContext) throws -> SearchResultsCache.Entry {
        // Read before the search: a change while it runs leaves the entry stale or unstored. The
        // direct trains' seat counts are not part of the stored section; those of the journeys
        // with a change are, stamped.
        let runsGeneration = railway.runs.generation
        let seatsGeneration = railway.inventory.generation
        let search = railway.search
        let all = try search.listedTrips(from: origin, to: destination, on: date, now: context.now)
        let trips = query.apply(to: all, timetable: railway.timetable)
        let lowestFares = try self.lowestFares(from: origin, to: destination, today: today, language: context.language,
                                               runsGeneration: runsGeneration)
        let results = SearchResultsViewModel(renderer: renderer, context: context, railway: railway, query: query, date: date, today: today,
                                             stripDays: stripDays, filterOptions: filterOptions)
        let rowModel = results.rows(of: trips)
        let positions = SearchResultsViewModel.positions(of: all)
        let rows = try ResultRows(renderer: renderer, parts: railway.resultsCache.parts, runsGeneration: runsGeneration)
            .rows(of: trips, positions: positions, model: rowModel)
        let navigation = ResultsNavigation(renderer: renderer, parts: railway.resultsCache.parts, runsGeneration: runsGeneration,
                                           language: context.language)
        var values = try results.values(trips: trips, allTrips: all, positions: positions, rows: rowModel, origin: origin,
                                        destination: destination, lowestFares: lowestFares, navigation: navigation)
        var shownRuns: [Int64] = []
        if query.wantsTransfers || !all.contains(where: { !$0.isCancelled }) {
            let transfers = TransferSearch(search: railway.search)
            let parts = railway.resultsCache.parts
            let connections = try parts.connections(from: origin.id, to: destination.id, on: date, runsGeneration: runsGeneration) ?? {
                let found = try transfers.connections(from: origin, to: destination, on: date)
                parts.store(connections: found, from: origin.id, to: destination.id, on: date, runsGeneration: runsGeneration)
                return found
            }()
            let itineraries = try transfers.itineraries(of: connections)
            shownRuns += itineraries.flatMap { [$0.first.run.id, $0.second.run.id] }
            values["transfers"] = ItineraryViewModel(renderer: renderer, context: context, timetable: transfers.search.timetable,
                                                     travelDate: date).section(itineraries)
        }
        values["wantsTransfers"] = .bool(query.wantsTransfers)
        let summary: String
        if case .string(let text) = values["summary"] { summary = text } else { summary = "" }
        // Without journeys with a change, no count is stored: a seat change meanwhile does not matter.
        let inventory = railway.inventory
        let seats = shownRuns.isEmpty ? [:] : inventory.stamps(of: shownRuns, unchangedSince: seatsGeneration)
        let cut = SeatGaps(cutting: try renderer.fragment("timetable/_results", values, language: context.language), rows: { rows[$0] })
        let shown = inventory.stamps(of: all.map(\.run.id) + shownRuns, unchangedSince: seatsGeneration)
        guard let section = LiveSection(cut, offers: all.map(\.offers), readAt: seatsGeneration, stamps: shown,
                                        plenty: renderer.messages.text("seats_plenty", context.language),
                                        none: renderer.messages.text("seats_none", context.language)) else {
            throw HTTPError(.internalServerError)
        }
        let entry = SearchResultsCache.Entry(section: section, trips: all, summary: summary, origin: origin, destination: destination, date: date,
                                             runsGeneration: runsGeneration, seats: seats ?? [:])
        if seats != nil, railway.resultsCache.admits(request.target, language: context.language) {
            railway.resultsCache.store(entry, for: cacheKey(request, context))
        }
        return entry
    }
}
