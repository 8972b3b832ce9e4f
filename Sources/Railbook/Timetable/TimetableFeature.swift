/// The calendar, and the train and station pages.
enum TimetableFeature {
    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [
            .everyone(CalendarController(renderer: services.renderer, railway: services.railway)),
            .everyone(TrainController(renderer: services.renderer, railway: services.railway)),
            .everyone(StationsController(renderer: services.renderer, railway: services.railway)),
        ]
    }
}
