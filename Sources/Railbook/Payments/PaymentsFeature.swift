/// Paying: starting a payment, the provider's notification, and Railbook Pay's own pages.
enum PaymentsFeature {
    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        let wording = PaymentWording(messages: services.messages, language: .standard, timetable: services.railway.timetable)
        let payments = PaymentsController(database: services.database, purposes: services.paymentPurposes, events: services.events, key: services.keys.payments, wording: wording)
        return [
            Mount { payments.addRoutes(members: $0.members, router: $0.everyone) },
            .members(ProviderController(renderer: services.renderer, database: services.database, purposes: services.paymentPurposes, railway: services.railway, events: services.events,
                                              provider: services.provider)),
        ]
    }
}
