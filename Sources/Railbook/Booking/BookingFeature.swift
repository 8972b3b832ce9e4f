/// Booking seats and the order pages (pay, cancel).
enum BookingFeature {
    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [
            .members(BookController(renderer: services.renderer, database: services.database, railway: services.railway, events: services.events, deadlines: services.deadlines)),
            .members(OrdersController(renderer: services.renderer, database: services.database, railway: services.railway, events: services.events)),
        ]
    }
}
