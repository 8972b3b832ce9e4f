import HTTP

extension Application {
    /// Registers every controller's routes.
    func addRoutes() {
        let history = SearchHistory(database: database, railway: railway, usesSecureCookies: configuration.usesSecureCookies)
        HomeController(renderer: renderer, railway: railway, history: history).addRoutes(to: router)
        SearchController(renderer: renderer, railway: railway, history: history).addRoutes(to: router)
        CalendarController(renderer: renderer, railway: railway).addRoutes(to: router)
        TrainController(renderer: renderer, railway: railway).addRoutes(to: router)
        StationsController(renderer: renderer, railway: railway).addRoutes(to: router)
        LanguageController(usesSecureCookies: configuration.usesSecureCookies).addRoutes(to: router)
        let loginCookies = LoginCookies(usesSecureCookies: configuration.usesSecureCookies)
        RegistrationController(renderer: renderer, database: database, cookies: loginCookies).addRoutes(to: router)
        LoginController(renderer: renderer, database: database, cookies: loginCookies).addRoutes(to: router)
        SwitchAccountController(renderer: renderer, database: database).addRoutes(to: router)
        let members = router.group("").adding(RequireLogin())
        ProfileController(renderer: renderer, database: database).addRoutes(to: members)
        ProfileEditController(renderer: renderer, database: database).addRoutes(to: members)
        PasswordController(renderer: renderer, database: database).addRoutes(to: members)
        PassengersController(renderer: renderer, database: database).addRoutes(to: members)
        BookController(renderer: renderer, database: database, railway: railway).addRoutes(to: members)
        OrdersController(renderer: renderer, database: database, railway: railway, events: events).addRoutes(to: members)
        TicketRefundController(renderer: renderer, database: database, railway: railway, events: events).addRoutes(to: members)
        TicketChangeController(renderer: renderer, database: database, railway: railway, events: events).addRoutes(to: members)
        TicketChange.registerPayments(in: paymentPurposes, railway: railway)
        OrdersListController(renderer: renderer, database: database, railway: railway).addRoutes(to: members)
        TicketController(renderer: renderer, database: database, railway: railway, key: keys.tickets).addRoutes(to: members)
        TicketVerificationController(renderer: renderer, database: database, railway: railway, key: keys.tickets).addRoutes(to: router)
        addPaymentRoutes(members: members)
        WaitlistPayment.register(in: paymentPurposes)
        WaitlistController(renderer: renderer, database: database, railway: railway, events: events).addRoutes(to: members)
    }
}
