import HTTP
import Mustache

/// The results section of a search — date strip, filters, trains with their seat counts of this
/// moment, journeys with a change — from one entry point, whatever it takes: the section as last
/// served when no seat of its runs changed since, the counts written in again when some did, or a
/// new section made from the rows, strip, filters and fares kept in `SearchPartsCache` and
/// rendered where they are missing, stored for the next ask of its address when it was asked
/// before (see docs/architecture.md, "Caches").
struct SearchResults: Sendable {
    let renderer: PageRenderer
    let railway: Railway
    /// The date strip's days, worked out once a day.
    let stripDays: DateStripDays
    /// The filter form's train types and parts of the day, worked out once.
    let filterOptions: FilterOptions

    /// The section for the address `request` asked for, if it was rendered recently and is still
    /// current (the same runs and timetable, no class sold out or back on sale, no seat sold or
    /// released on a run of its journeys with a change), with the seat counts of this moment.
    func cached(_ request: Request, _ context: AppContext) throws -> (SearchResultsCache.Entry, [UInt8])? {
        try railway.resultsCache.entry(cacheKey(request, context)) { [railway] entry in
            let inventory = railway.inventory
            let generation = inventory.generation
            guard entry.runsGeneration == railway.runs.generation else { return nil }
            // A running report since: still current while every row says the same delay.
            if entry.runningGeneration != railway.runningTimes.generation,
                try BoardingDelays(of: entry.trips + entry.legs, railway: railway) != entry.delays
            {
                return nil
            }
            if let html = entry.section.html(currentAt: generation, isCurrent: inventory.areCurrent) { return (entry, html) }
            guard inventory.areCurrent(entry.seats) else { return nil }
            let stamps = inventory.stamps(of: entry.runIDs, unchangedSince: generation)
            let offers = try railway.search.currentOffers(of: entry.trips)
            guard let html = entry.html(offers: offers, readAt: generation, stamps: stamps) else { return nil }
            return (entry, html)
        }
    }

    /// The section of a search whose query was checked, made now (and stored for the next ask of
    /// this address when it was asked for before).
    func section(
        _ query: SearchQuery, origin: Station, destination: Station, date: CivilDate, today: CivilDate,
        request: Request, context: AppContext
    ) throws -> SearchResultsCache.Entry {
        // Read before the search: a change while it runs leaves the entry stale or unstored. The
        // direct trains' seat counts are not part of the stored section; those of the journeys
        // with a change are, stamped.
        let runsGeneration = railway.runs.generation
        let seatsGeneration = railway.inventory.generation
        let runningGeneration = railway.runningTimes.generation
        let search = railway.search
        let all = try search.listedTrips(from: origin, to: destination, on: date, now: context.now)
        let trips = query.apply(to: all, timetable: railway.timetable)
        let showsTransfers = query.wantsTransfers || !all.contains(where: { !$0.isCancelled })
        let itineraries = showsTransfers ? try self.itineraries(from: origin, to: destination, on: date, runsGeneration: runsGeneration) : []
        let legs = itineraries.flatMap { [$0.first, $0.second] }
        let delays = try BoardingDelays(of: all + legs, railway: railway)
        let lowestFares = try self.lowestFares(
            from: origin, to: destination, today: today, language: context.language,
            runsGeneration: runsGeneration)
        let results = SearchResultsViewModel(
            text: renderer.texts(context), railway: railway, query: query, date: date, today: today,
            stripDays: stripDays, filterOptions: filterOptions)
        var rowModel = results.rows(of: trips)
        rowModel.delays = delays
        let positions = SearchResultsViewModel.positions(of: all)
        let rows = try ResultRows(renderer: renderer, parts: railway.resultsCache.parts, runsGeneration: runsGeneration)
            .rows(of: trips, positions: positions, model: rowModel)
        let navigation = ResultsNavigation(
            renderer: renderer, parts: railway.resultsCache.parts, runsGeneration: runsGeneration,
            language: context.language)
        var values = try results.values(
            trips: trips, allTrips: all, positions: positions, rows: rowModel, origin: origin,
            destination: destination, lowestFares: lowestFares, navigation: navigation)
        let summary = results.summary(trips: trips, origin: origin, destination: destination)
        let shownRuns = legs.map(\.run.id)
        if showsTransfers {
            values["transfers"] = ItineraryViewModel(
                text: renderer.texts(context), timetable: railway.timetable,
                travelDate: date, delays: delays
            ).section(itineraries)
        }
        values["wantsTransfers"] = .bool(query.wantsTransfers)
        // Without journeys with a change, no count is stored: a seat change meanwhile does not matter.
        let inventory = railway.inventory
        let seats = shownRuns.isEmpty ? [:] : inventory.stamps(of: shownRuns, unchangedSince: seatsGeneration)
        let cut = SeatGaps(
            cutting: try renderer.fragment("timetable/_results", values, language: context.language),
            rowBytes: rows.values.reduce(0) { $0 + $1.html.count }, rows: { rows[$0] })
        let shown = inventory.stamps(of: all.map(\.run.id) + shownRuns, unchangedSince: seatsGeneration)
        guard
            let section = LiveSection(
                cut, offers: all.map(\.offers), readAt: seatsGeneration, stamps: shown,
                plenty: renderer.messages.text("seats_plenty", context.language),
                none: renderer.messages.text("seats_none", context.language))
        else {
            throw HTTPError(.internalServerError)
        }
        let entry = SearchResultsCache.Entry(
            section: section, trips: all, summary: summary, origin: origin, destination: destination, date: date,
            runsGeneration: runsGeneration, seats: seats ?? [:], legs: legs, runningGeneration: runningGeneration, delays: delays)
        if seats != nil, railway.resultsCache.admits(request.target, language: context.language) {
            railway.resultsCache.store(entry, for: cacheKey(request, context))
        }
        return entry
    }

    private func cacheKey(_ request: Request, _ context: AppContext) -> String {
        context.language.code + "|" + String(context.now / SearchResultsCache.freshness) + "|" + request.target
    }

    /// The journeys with one change between the two stations that day, their connections kept in the parts.
    private func itineraries(from origin: Station, to destination: Station, on date: CivilDate, runsGeneration: Int) throws -> [Itinerary] {
        let transfers = TransferSearch(search: railway.search)
        let parts = railway.resultsCache.parts
        let connections =
            try parts.connections(from: origin.id, to: destination.id, on: date, runsGeneration: runsGeneration)
            ?? {
                let found = try transfers.connections(from: origin, to: destination, on: date)
                parts.store(connections: found, from: origin.id, to: destination.id, on: date, runsGeneration: runsGeneration)
                return found
            }()
        return try transfers.itineraries(of: connections)
    }

    /// The lowest fare of each day of the presale window between the two stations with its text in
    /// the page's language, worked out once a day per pair (and again when the runs change).
    private func lowestFares(
        from origin: Station, to destination: Station, today: CivilDate, language: Language,
        runsGeneration: Int
    ) throws -> [CivilDate: SearchPartsCache.DayFare] {
        let window = railway.presaleWindow(today: today)
        let count = window.upperBound.daysSinceEpoch - window.lowerBound.daysSinceEpoch + 1
        let parts = railway.resultsCache.parts
        if let fares = parts.lowestFares(
            from: origin.id, to: destination.id, firstDay: today, days: count, language: language,
            runsGeneration: runsGeneration)
        {
            return fares
        }
        let fares = try railway.search.lowestFares(from: origin, to: destination, on: (0..<count).map { today.adding(days: $0) }).mapValues {
            SearchPartsCache.DayFare(fen: $0, text: renderer.messages.text("date_strip_from_price", language, arguments: [Money.format($0)]))
        }
        parts.store(
            lowestFares: fares, from: origin.id, to: destination.id, firstDay: today, days: count, language: language,
            runsGeneration: runsGeneration)
        return fares
    }
}
