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
}
