/// What a traveller does to a ticket they hold: refund it or change it to another train.
enum TicketChangesFeature {
    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [
            .members(TicketRefundController(renderer: services.renderer, database: services.database, railway: services.railway, events: services.events)),
            .members(TicketChangeController(renderer: services.renderer, database: services.database, railway: services.railway, events: services.events)),
        ]
    }
}
