import HTTP

extension Application {
    /// Every feature, one line each: a new feature adds its line here, and nothing else outside its
    /// folder. The order is the order of their migrations on a new database (`Migrations.all`): a
    /// feature comes after those whose tables its migrations reference or alter — the outbox of
    /// reactions references nothing; accounts come before the rest, as nearly every table
    /// references users; the timetable before what is sold on it; booking (orders, tickets,
    /// payments) before what pays, changes or waits for them; the site's own work sharing last, as
    /// it alters the outbox. A database already migrated keeps working whatever the order: it runs
    /// only the migrations it has not recorded. The jobs run in this order too, at start-up and
    /// whenever the tests run them all, so the reactions' drain comes before the deadline jobs.
    static let features: [any Feature.Type] = [
        ReactionsFeature.self,
        AccountsFeature.self,
        TimetableFeature.self,
        SearchFeature.self,
        HomeFeature.self,
        BookingFeature.self,
        PaymentsFeature.self,
        TicketChangesFeature.self,
        WaitlistFeature.self,
        TicketsFeature.self,
        ShopFeature.self,
        SupportFeature.self,
        AdminFeature.self,
        OperationsFeature.self,
        MailFeature.self,
        InvoicesFeature.self,
        RunningFeature.self,
        FeedsFeature.self,
        AppFeature.self,
    ]

    /// Registers every feature's routes and freezes them into the table that answers requests.
    static func routes(_ services: Services, follower: CacheFollower) -> RouteTable<AppContext> {
        let router = Router<AppContext>()
        let groups = SiteRoutes(router, follower: follower)
        for feature in features {
            for mount in feature.controllers(services) { mount.register(groups) }
        }
        return router.frozen()
    }

    /// What each feature's payment purposes do when their payment is confirmed.
    static func registerPaymentPurposes(_ services: Services) {
        for feature in features { feature.registerPaymentPurposes(services) }
    }

    /// Every feature's background jobs, feature by feature.
    static func jobs(_ services: Services) -> [BackgroundJobs.Job] {
        features.flatMap { $0.jobs(services) }
    }
}
