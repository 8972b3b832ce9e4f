import Storage

/// What the site itself keeps, apart from any feature: its settings (the site's keys) and what lets
/// several servers share the work on one database (the jobs' leases, the claims on reactions).
enum AppFeature: Feature {
    /// The settings; the jobs' leases and the outbox's claims (so after Reactions); when a lease was claimed.
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addSettings(to: &migrator)
        Migrations.addWorkDoneOnce(to: &migrator)
    }
}
