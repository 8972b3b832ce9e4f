import Storage

/// Mail to travellers: the schema, the pages that turn mail off and list it for administrators,
/// sending what is queued, and the reminders before unpaid orders expire. (The address and
/// password recovery pages belong to Accounts.)
enum MailFeature: Feature {
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addMail(to: &migrator)
    }

    static func controllers(_ services: Services) -> [Mount] {
        [
            .everyone(MailOptOutController(renderer: services.renderer, database: services.database, key: services.keys.mail)),
            .adminArea(
                AdminMailController(renderer: services.renderer, database: services.database, destination: services.mail.transport.destination)),
        ]
    }

    /// Queuing the reminders of unpaid orders that expire within ten minutes. (Mail is sent by a
    /// thread of its own, `MailDelivery.jobs`, so a slow relay never holds up the other jobs.)
    static func jobs(_ services: Services) -> [BackgroundJobs.Job] {
        let database = services.database, clock = services.clock
        return [
            .init(name: "payment reminders", interval: services.deadlines.jobSeconds) {
                let now = clock.now()
                try database.write { try PaymentReminder.queueDue(now: now, in: $0) }
            }
        ]
    }
}
