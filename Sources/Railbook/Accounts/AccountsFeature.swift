import Storage

/// Registering, logging in, switching accounts, the profile, the password, saved passengers and addresses.
enum AccountsFeature: Feature {
    /// Users, sessions and saved passengers; delivery addresses; the passengers' details; login attempts.
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addAccounts(to: &migrator)
        Migrations.addAddresses(to: &migrator)
        Migrations.addPassengerDetails(to: &migrator)
        Migrations.addLoginAttempts(to: &migrator)
    }

    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        let cookies = LoginCookies(usesSecureCookies: services.usesSecureCookies)
        let devices = DeviceCookie(key: services.keys.devices, usesSecureCookies: services.usesSecureCookies)
        return [
            .everyone(
                RegistrationController(renderer: services.renderer, database: services.database, cookies: cookies, passwords: services.passwords)),
            .everyone(
                LoginController(
                    renderer: services.renderer, database: services.database, cookies: cookies, devices: devices, passwords: services.passwords)),
            .everyone(SwitchAccountController(renderer: services.renderer, database: services.database)),
            .everyone(
                PasswordRecoveryController(renderer: services.renderer, database: services.database, cookies: cookies, passwords: services.passwords)),
            .everyone(EmailConfirmationController(renderer: services.renderer, database: services.database)),
            .members(EmailSettingsController(renderer: services.renderer, database: services.database, passwords: services.passwords)),
            .members(
                ProfileController(
                    renderer: services.renderer, database: services.database, railway: services.railway,
                    holdSeconds: services.deadlines.holdSeconds)),
            .members(
                ProfileEditController(
                    renderer: services.renderer, database: services.database, passwords: services.passwords, railway: services.railway)),
            .members(PasswordController(renderer: services.renderer, database: services.database, passwords: services.passwords)),
            .members(PassengersController(renderer: services.renderer, database: services.database, railway: services.railway)),
            .members(DocumentHoldersController(database: services.database)),
            .members(AddressesController(renderer: services.renderer, database: services.database)),
        ]
    }

    /// Writing the sessions seen (every second, on every server: each writes what it saw), and
    /// ending stale sessions and forgetting old login attempts (hourly).
    static func jobs(_ services: Services) -> [BackgroundJobs.Job] {
        let database = services.database, activity = services.sessionActivity, clock = services.clock
        return [
            .init(name: "session activity", interval: 1, runsOnEveryServer: true) { try activity.flush(to: database) },
            .init(name: "stale sessions", interval: 3600) {
                let now = clock.now()
                try activity.flush(to: database) // what this server saw counts before anything is ended
                try database.write { db in
                    try Session.purgeExpired(now: now, in: db)
                    try LoginThrottle.purge(now: now, in: db)
                }
            },
        ]
    }
}
