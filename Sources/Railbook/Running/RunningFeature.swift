import Storage

/// Trains as they run: running reports from administrators and train-tracking systems, and the
/// times they make each run expect at every stop.
enum RunningFeature: Feature {
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addRunning(to: &migrator)
    }

    static func controllers(_ services: Services) -> [Mount] {
        [
            .adminArea(
                AdminRunningController(
                    renderer: services.renderer, database: services.database, railway: services.railway,
                    recoveryPerStop: services.configuration.recoveryMinutesPerStop)),
            .adminArea(AdminRunningSendersController(renderer: services.renderer, database: services.database)),
            .everyone(
                StationBoardController(
                    renderer: services.renderer, database: services.database, railway: services.railway,
                    recoveryPerStop: services.configuration.recoveryMinutesPerStop)),
            .everyone(RunningReportsController(database: services.database, railway: services.railway, messages: services.renderer.messages)),
        ]
    }
}
