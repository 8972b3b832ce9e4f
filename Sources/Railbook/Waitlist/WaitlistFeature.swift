import Storage

/// Waitlists for sold-out trains: joining, paying in advance, cancelling.
enum WaitlistFeature: Feature {
    /// Waitlists and their passengers; why one was closed; the indexes of "this account's unpaid order", which
    /// cover both orders and waitlists and so come once both tables exist.
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addWaitlist(to: &migrator)
        Migrations.addWaitlistCloseReasons(to: &migrator)
        Migrations.addUnpaidOrderIndexes(to: &migrator)
    }

    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [.members(WaitlistController(renderer: services.renderer, database: services.database, railway: services.railway, events: services.events,
                                       holdSeconds: services.deadlines.holdSeconds))]
    }

    /// Paying a waitlist in advance queues it.
    static func registerPaymentPurposes(_ services: Services) {
        WaitlistPayment.register(in: services.paymentPurposes, holdSeconds: services.deadlines.holdSeconds)
    }
}
