import Storage

/// The reactions to committed changes (the outbox), and the back office's page of those that fail.
enum ReactionsFeature: Feature {
    /// The outbox.
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addOutbox(to: &migrator)
    }

    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [.adminArea(AdminReactionsController(renderer: services.renderer, database: services.database))]
    }

    /// Draining the outbox (every second, on every server: each claims the entries it does), and
    /// deleting the entries done a week ago (hourly).
    static func jobs(_ services: Services) -> [BackgroundJobs.Job] {
        let reactions = services.reactions, database = services.database, clock = services.clock
        return [
            .init(name: "reactions", interval: 1, runsOnEveryServer: true) { reactions.requestDrain() },
            .init(name: "done reactions", interval: 3600) { try database.write { try Outbox.purgeDone(now: clock.now(), in: $0) } },
        ]
    }
}
