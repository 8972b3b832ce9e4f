import Storage

/// The calendar, and the train and station pages.
enum TimetableFeature: Feature {
    /// Stations, trains, runs and their seats (with the search history, read by Search); English station names; the
    /// changes other servers' caches follow.
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addTimetable(to: &migrator)
        Migrations.addStationEnglishNames(to: &migrator)
        Migrations.addCacheChanges(to: &migrator)
    }

    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [
            .everyone(CalendarController(renderer: services.renderer, railway: services.railway)),
            .everyone(TrainController(renderer: services.renderer, railway: services.railway)),
            .everyone(StationsController(renderer: services.renderer, railway: services.railway)),
        ]
    }
}
