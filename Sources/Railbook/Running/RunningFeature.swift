import Storage

/// Trains as they run: running reports from administrators and train-tracking systems, the times
/// they make each run expect at every stop, station boards, and the compensation a late arrival owes.
enum RunningFeature: Feature {
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addRunning(to: &migrator)
    }

    static func controllers(_ services: Services) -> [Mount] {
        [
            .adminArea(AdminRunningController(renderer: services.renderer, database: services.database, railway: services.railway)),
            .adminArea(AdminRunningSendersController(renderer: services.renderer, database: services.database)),
            .everyone(StationBoardController(renderer: services.renderer, railway: services.railway)),
            .everyone(RunningReportsController(database: services.database, railway: services.railway, messages: services.renderer.messages)),
        ]
    }
}
