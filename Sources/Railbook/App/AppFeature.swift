import Storage

/// What the site itself keeps, apart from any feature: its settings (the site's keys) and what lets
/// several servers share the work on one database (the jobs' leases, the claims on reactions), and
/// the answers given to forms, so a form sent twice is done once.
enum AppFeature: Feature {
    /// The settings; the jobs' leases and the outbox's claims (so after Reactions); when a lease was
    /// claimed; the forms' answers.
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addSettings(to: &migrator)
        Migrations.addWorkDoneOnce(to: &migrator)
        Migrations.addFormAnswers(to: &migrator)
    }

    /// Forgetting the answers of forms sent more than a day ago (hourly).
    static func jobs(_ services: Services) -> [BackgroundJobs.Job] {
        let database = services.database, clock = services.clock
        return [.init(name: "old form answers", interval: 3600) { try database.write { try FormAnswer.prune(now: clock.now(), in: $0) } }]
    }
}
