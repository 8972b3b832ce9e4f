import HTTP

extension Application {
    /// Registers every controller's routes.
    func addRoutes() {
        HomeController(renderer: renderer).addRoutes(to: router)
        LanguageController(usesSecureCookies: configuration.usesSecureCookies).addRoutes(to: router)
        let loginCookies = LoginCookies(usesSecureCookies: configuration.usesSecureCookies)
        RegistrationController(renderer: renderer, database: database, cookies: loginCookies).addRoutes(to: router)
        LoginController(renderer: renderer, database: database, cookies: loginCookies).addRoutes(to: router)
        let members = router.group("").adding(RequireLogin())
        ProfileController(renderer: renderer, database: database).addRoutes(to: members)
    }
}
