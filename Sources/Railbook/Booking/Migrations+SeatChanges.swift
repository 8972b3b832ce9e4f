import Storage

extension Migrations {
    /// The orders booked as a same-train seat change (同车换座): the run whose legs they hold, each
    /// leg a ticket per passenger (`OrderSeatChange`).
    static func addSeatChanges(to migrator: inout Migrator) {
        migrator.register("2026-12-11-order-seat-changes") { db in
            try db.executeSchema(
                """
                CREATE TABLE order_seat_changes (
                    order_id INTEGER PRIMARY KEY REFERENCES orders (id),
                    run_id INTEGER NOT NULL REFERENCES runs (id)
                )
                """)
        }
    }
}
