/// The home page, the first-visit welcome and the language switch.
enum HomeFeature: Feature {
    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        let welcome = WelcomeController(renderer: services.renderer, usesSecureCookies: services.usesSecureCookies)
        return [
            .everyone(welcome),
            .everyone(
                HomeController(
                    renderer: services.renderer, database: services.database, railway: services.railway, history: services.searchHistory,
                    welcome: welcome)),
            .everyone(LanguageController(usesSecureCookies: services.usesSecureCookies)),
        ]
    }
}
