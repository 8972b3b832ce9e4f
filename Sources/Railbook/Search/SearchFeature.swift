import Storage

/// Searching trains: the results page and its cached sections, the search history.
enum SearchFeature: Feature {
    /// The travel date of each remembered search (its table comes with the timetable).
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addSearchHistoryDates(to: &migrator)
    }

    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        let results = SearchResults(
            renderer: services.renderer, railway: services.railway, stripDays: DateStripDays(renderer: services.renderer),
            filterOptions: FilterOptions(messages: services.messages))
        return [
            .everyone(
                SearchController(
                    renderer: services.renderer, railway: services.railway, history: services.searchHistory,
                    results: results))
        ]
    }
}
