import Storage

/// Everything one feature folder adds to Railbook, said in one place: its schema changes, its
/// controllers (with who may reach them), what its payment purposes do once paid and its
/// background jobs. Each feature
/// folder has one (`Booking/BookingFeature.swift`), and `Application.features` lists them: a new
/// feature is its folder and one line there. What a feature does not have, it leaves out.
protocol Feature: Sendable {
    /// Registers the feature's migrations in the order they run. Called before anything else is
    /// made (the database is migrated first), so it needs nothing but the migrator.
    static func addMigrations(to migrator: inout Migrator)

    /// The feature's controllers, each with who may reach its routes.
    static func controllers(_ services: Services) -> [Mount]

    /// Registers what the feature's payment purposes do when their payment is confirmed, in
    /// `services.paymentPurposes`.
    static func registerPaymentPurposes(_ services: Services)

    /// The feature's background jobs (`BackgroundJobs`): each runs once at start-up, then every
    /// `interval` seconds on one server at a time.
    static func jobs(_ services: Services) -> [BackgroundJobs.Job]
}

extension Feature {
    /// No migrations.
    static func addMigrations(to migrator: inout Migrator) {}

    /// No controllers.
    static func controllers(_ services: Services) -> [Mount] { [] }

    /// No payment purposes.
    static func registerPaymentPurposes(_ services: Services) {}

    /// No background jobs.
    static func jobs(_ services: Services) -> [BackgroundJobs.Job] { [] }
}
