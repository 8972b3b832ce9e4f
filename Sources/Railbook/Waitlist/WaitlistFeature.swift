import Storage

/// Waitlists for sold-out trains: joining, paying in advance, cancelling.
enum WaitlistFeature: Feature {
    /// Waitlists and their passengers; why one was closed; the indexes of "this account's unpaid order", which
    /// cover both orders and waitlists and so come once both tables exist; the trains, dates and classes
    /// each waitlist covers.
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addWaitlist(to: &migrator)
        Migrations.addWaitlistCloseReasons(to: &migrator)
        Migrations.addUnpaidOrderIndexes(to: &migrator)
        Migrations.addWaitlistChoices(to: &migrator)
    }

    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [
            .members(
                WaitlistController(
                    renderer: services.renderer, database: services.database, railway: services.railway, events: services.events,
                    holdSeconds: services.deadlines.holdSeconds,
                    deadlines: WaitlistDeadline(closeMinutes: services.deadlines.waitlistCloseMinutes)))
        ]
    }

    /// Paying a waitlist in advance queues it.
    static func registerPaymentPurposes(_ services: Services) {
        WaitlistPayment.register(in: services.paymentPurposes, holdSeconds: services.deadlines.holdSeconds)
    }

    /// Closing waitlists past their deadline, refunded (every `--job-seconds`).
    static func jobs(_ services: Services) -> [BackgroundJobs.Job] {
        let database = services.database, events = services.events, clock = services.clock, deadlines = services.deadlines
        return [
            .init(name: "waitlist deadlines", interval: deadlines.jobSeconds) {
                let now = clock.now()
                events.publish(
                    try database.write {
                        try Outbox.recording(try Waitlist.closeOverdue(now: now, holdSeconds: deadlines.holdSeconds, in: $0), now: now, in: $0)
                    })
            }
        ]
    }
}
