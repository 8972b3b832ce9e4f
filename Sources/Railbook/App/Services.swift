import HTTP
import Storage

/// The application's shared parts, made once at start-up: what every feature's controllers, payment
/// purposes and jobs are built from (`…Feature.controllers(services)`).
struct Services: Sendable {
    /// How the site was configured.
    let configuration: SiteConfiguration
    /// Pages inside the layout, in the request's language.
    let renderer: PageRenderer
    /// The database: a writer and a pool of readers.
    let database: DatabasePool
    /// The timetable, runs and seats.
    let railway: Railway
    /// Domain events, published after their transaction commits.
    let events: EventBus
    /// The site's secret keys.
    let keys: SiteKeys
    /// Where the time comes from (controllers read `context.now`, set from it per request).
    let clock: any Clock
    /// Password hashing and checking, away from the server's threads.
    let passwords: PasswordChecks
    /// What each payment purpose does when its payment is confirmed.
    let paymentPurposes: PaymentPurposes
    /// Railbook Pay, the simulated payment provider.
    let provider: PaymentProvider
    /// Does the reactions to committed changes waiting in the outbox.
    let reactions: ReactionDesk
    /// Sends queued mail.
    let mail: MailDelivery
    /// The sessions seen lately, waiting to be written.
    let sessionActivity: SessionActivity

    /// The payment deadline, the merchant's accept window and the jobs' interval.
    var deadlines: Deadlines { configuration.deadlines }
    /// Whether cookies are marked `Secure` (behind HTTPS).
    var usesSecureCookies: Bool { configuration.usesSecureCookies }
    /// The message catalogs.
    var messages: Messages { renderer.messages }
    /// The visitor's recent searches, kept in the database or a cookie.
    var searchHistory: SearchHistory {
        SearchHistory(database: database, railway: railway, usesSecureCookies: usesSecureCookies)
    }
}
