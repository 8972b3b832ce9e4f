import HTTP

extension Application {
    /// Registers every controller's routes.
    func addRoutes() {
        HomeController(renderer: renderer).addRoutes(to: router)
        LanguageController(usesSecureCookies: configuration.usesSecureCookies).addRoutes(to: router)
    }
}
