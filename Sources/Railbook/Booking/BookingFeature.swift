import Storage

/// Booking seats and the order pages (pay, cancel).
enum BookingFeature: Feature {
    /// Orders, tickets, payments and refunds; the seat or berth each passenger picked, and trains'
    /// standing quotas; the journeys with one change booked together; the children carried free; the
    /// same-train seat changes.
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addBooking(to: &migrator)
        Migrations.addSeatChoice(to: &migrator)
        Migrations.addConnections(to: &migrator)
        Migrations.addCarriedChildren(to: &migrator)
        Migrations.addSeatChanges(to: &migrator)
    }

    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [
            .members(
                BookController(
                    renderer: services.renderer, database: services.database, railway: services.railway, events: services.events,
                    deadlines: services.deadlines)),
            .members(OrdersController(renderer: services.renderer, database: services.database, railway: services.railway, events: services.events)),
        ]
    }

    /// Expiring unpaid orders at their payment deadline (every `--job-seconds`).
    static func jobs(_ services: Services) -> [BackgroundJobs.Job] {
        let database = services.database, events = services.events, clock = services.clock
        return [
            .init(name: "unpaid orders", interval: services.deadlines.jobSeconds) {
                let now = clock.now()
                events.publish(try database.write { try Outbox.recording(try OrderLifecycle.expireOverdue(now: now, in: $0), now: now, in: $0) })
            }
        ]
    }
}
