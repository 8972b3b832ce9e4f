/// Searching trains, the calendar, and the train and station pages.
enum TimetableFeature {
    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [
            .everyone(SearchController(renderer: services.renderer, railway: services.railway, history: services.searchHistory,
                                       stripDays: DateStripDays(renderer: services.renderer),
                                       filterOptions: FilterOptions(messages: services.messages))),
            .everyone(CalendarController(renderer: services.renderer, railway: services.railway)),
            .everyone(TrainController(renderer: services.renderer, railway: services.railway)),
            .everyone(StationsController(renderer: services.renderer, railway: services.railway)),
        ]
    }
}
