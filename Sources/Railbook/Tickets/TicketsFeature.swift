/// The orders list, e-tickets and their verification at the gate.
enum TicketsFeature: Feature {
    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [
            .members(OrdersListController(renderer: services.renderer, database: services.database, railway: services.railway)),
            .members(
                TicketController(renderer: services.renderer, database: services.database, railway: services.railway, key: services.keys.tickets)),
            .everyone(
                TicketVerificationController(
                    renderer: services.renderer, database: services.database, railway: services.railway, key: services.keys.tickets)),
        ]
    }
}
