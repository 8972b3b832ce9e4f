import Storage

extension Migrations {
    /// Children under 6 travelling free without a seat of their own, each with the ticket of the
    /// paying passenger who takes them (`CarriedChild`).
    static func addCarriedChildren(to migrator: inout Migrator) {
        migrator.register("2026-12-10-carried-children") { db in
            try db.executeSchema(
                """
                CREATE TABLE carried_children (
                    id INTEGER PRIMARY KEY,
                    order_id INTEGER NOT NULL REFERENCES orders (id),
                    ticket_id INTEGER NOT NULL REFERENCES tickets (id),
                    passenger_id INTEGER REFERENCES passengers (id) ON DELETE SET NULL,
                    passenger_name VARCHAR(50) NOT NULL,
                    certificate_type VARCHAR(20) NOT NULL,
                    certificate_number VARCHAR(18) NOT NULL
                );
                CREATE INDEX carried_children_by_order ON carried_children (order_id);
                CREATE INDEX carried_children_by_ticket ON carried_children (ticket_id);
                CREATE INDEX carried_children_by_document ON carried_children (certificate_number)
                """)
        }
    }
}
