import HTTP

extension Application {
    /// Every feature's list of controllers; a new feature adds its line here.
    static let features: [@Sendable (Services) -> [Mount]] = [
        HomeFeature.controllers,
        SearchFeature.controllers,
        TimetableFeature.controllers,
        AccountsFeature.controllers,
        BookingFeature.controllers,
        TicketChangesFeature.controllers,
        WaitlistFeature.controllers,
        TicketsFeature.controllers,
        PaymentsFeature.controllers,
        ShopFeature.controllers,
        SupportFeature.controllers,
        AdminFeature.controllers,
        OperationsFeature.controllers,
    ]

    /// Registers every feature's routes and freezes them into the table that answers requests.
    static func routes(_ services: Services, follower: CacheFollower) -> RouteTable<AppContext> {
        let router = Router<AppContext>()
        let groups = SiteRoutes(router, follower: follower)
        for feature in features {
            for mount in feature(services) { mount.register(groups) }
        }
        return router.frozen()
    }

    /// What each payment purpose does when its payment is confirmed.
    static func registerPaymentPurposes(_ services: Services) {
        TicketOrderPayment.register(in: services.paymentPurposes)
        TicketChange.registerPayments(in: services.paymentPurposes, railway: services.railway)
        WaitlistPayment.register(in: services.paymentPurposes, holdSeconds: services.deadlines.holdSeconds)
        ShopOrderPayment.register(in: services.paymentPurposes, acceptSeconds: services.deadlines.acceptSeconds)
    }
}
