import Storage

/// The calendar, and the train and station pages.
enum TimetableFeature: Feature {
    /// Stations, trains, runs and their seats (with the search history, read by Search); English station names; the
    /// changes other servers' caches follow; stations' positions.
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addTimetable(to: &migrator)
        Migrations.addStationEnglishNames(to: &migrator)
        Migrations.addCacheChanges(to: &migrator)
        Migrations.addStationPositions(to: &migrator)
    }

    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [
            .everyone(CalendarController(renderer: services.renderer, railway: services.railway)),
            .everyone(
                TrainController(renderer: services.renderer, railway: services.railway, database: services.database)),
            .everyone(StationsController(renderer: services.renderer, railway: services.railway)),
        ]
    }

    /// Rolling the presale window forward (every 10 minutes), and forgetting the cache changes
    /// every server has followed (hourly; they are kept ten minutes).
    static func jobs(_ services: Services) -> [BackgroundJobs.Job] {
        let railway = services.railway, database = services.database, clock = services.clock
        return [
            .init(name: "presale window", interval: 600) { try railway.ensureRunsAlone(today: clock.today()) },
            .init(name: "old cache changes", interval: 3600) { try database.write { try CacheChange.prune(olderThan: 600, in: $0) } },
        ]
    }
}
