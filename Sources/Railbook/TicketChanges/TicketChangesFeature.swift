import Storage

/// What a traveller does to a ticket they hold: refund it or change it to another train.
enum TicketChangesFeature: Feature {
    /// Changes waiting for the difference to be paid, and the change fee of a changed ticket.
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addTicketChanges(to: &migrator)
        Migrations.addChangeFees(to: &migrator)
        Migrations.addChangeDestinations(to: &migrator)
    }

    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [
            .members(
                TicketRefundController(renderer: services.renderer, database: services.database, railway: services.railway, events: services.events)),
            .members(
                TicketChangeController(renderer: services.renderer, database: services.database, railway: services.railway, events: services.events)),
        ]
    }

    /// Paying the difference of a change makes the change.
    static func registerPaymentPurposes(_ services: Services) {
        TicketChange.registerPayments(in: services.paymentPurposes, railway: services.railway)
    }
}
