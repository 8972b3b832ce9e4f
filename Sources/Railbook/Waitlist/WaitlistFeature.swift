/// Waitlists for sold-out trains: joining, paying in advance, cancelling.
enum WaitlistFeature {
    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [.members(WaitlistController(renderer: services.renderer, database: services.database, railway: services.railway, events: services.events,
                                       holdSeconds: services.deadlines.holdSeconds))]
    }
}
