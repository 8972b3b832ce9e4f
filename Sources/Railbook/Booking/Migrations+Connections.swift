import Storage

extension Migrations {
    /// The journeys with one change booked together: an order's first and second run and the
    /// minutes its change needs (`ConnectingLeg`).
    static func addConnections(to migrator: inout Migrator) {
        migrator.register("2026-12-09-order-connections") { db in
            try db.executeSchema(
                """
                CREATE TABLE order_connections (
                    order_id INTEGER PRIMARY KEY REFERENCES orders (id),
                    first_run_id INTEGER NOT NULL REFERENCES runs (id),
                    second_run_id INTEGER NOT NULL REFERENCES runs (id),
                    minimum_change_minutes INTEGER NOT NULL
                )
                """)
        }
    }
}
