import Storage

/// Paying: starting a payment, the provider's notification, and Railbook Pay's own pages.
enum PaymentsFeature: Feature {
    /// Where the payer returns to from the provider page (the payments table comes with Booking).
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addPayments(to: &migrator)
    }

    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        let wording = PaymentWording(messages: services.messages, language: .standard, timetable: services.railway.timetable)
        let payments = PaymentsController(
            database: services.database, purposes: services.paymentPurposes, events: services.events, key: services.keys.payments, wording: wording)
        return [
            Mount { payments.addRoutes(members: $0.members, router: $0.everyone) },
            .members(
                ProviderController(
                    renderer: services.renderer, database: services.database, purposes: services.paymentPurposes, railway: services.railway,
                    events: services.events,
                    provider: services.provider)),
        ]
    }

    /// Paying for a ticket order issues its tickets.
    static func registerPaymentPurposes(_ services: Services) {
        TicketOrderPayment.register(in: services.paymentPurposes)
    }
}
