import HTTP

extension Application {
    /// Registers the ticket-order payment purpose, the merchant's payment routes and the
    /// provider's pages (Railbook Pay, which notifies this application in-process).
    func addPaymentRoutes(members: RouteGroup<AppContext>) {
        TicketOrderPayment.register(in: paymentPurposes)
        let provider = PaymentProvider(key: keys.payments, merchant: self)
        reactions.deliverPaymentNotifications { payment in provider.notifyPaid(payment, now: ChinaTime.now()) }
        let wording = PaymentWording(messages: messages, language: .standard, timetable: railway.timetable)
        PaymentsController(database: database, purposes: paymentPurposes, events: events, key: keys.payments, wording: wording)
            .addRoutes(members: members, router: router)
        ProviderController(renderer: renderer, database: database, purposes: paymentPurposes, railway: railway, events: events)
            .addRoutes(to: members)
    }
}
