import Storage

extension Migrations {
    /// Waitlists (候补): prepaid requests for a sold-out class, served in order when seats are released.
    static func addWaitlist(to migrator: inout Migrator) {
        migrator.register("2026-12-01-waitlist") { db in
            try db.executeSchema(
                """
                CREATE TABLE waitlists (
                    id INTEGER PRIMARY KEY,
                    number VARCHAR(20) NOT NULL UNIQUE,
                    user_id INTEGER NOT NULL REFERENCES users (id),
                    run_id INTEGER NOT NULL REFERENCES runs (id),
                    from_sequence INTEGER NOT NULL,
                    to_sequence INTEGER NOT NULL,
                    seat_class VARCHAR(20) NOT NULL,
                    departs_at BIGINT NOT NULL,
                    arrives_at BIGINT NOT NULL,
                    status VARCHAR(20) NOT NULL,
                    deadline BIGINT NOT NULL,
                    amount_fen INTEGER NOT NULL,
                    created_at BIGINT NOT NULL,
                    queued_at BIGINT,
                    closed_at BIGINT,
                    fulfilled_order_id INTEGER REFERENCES orders (id)
                );
                CREATE INDEX waitlists_by_user ON waitlists (user_id, created_at);
                CREATE INDEX waitlists_by_queue ON waitlists (run_id, seat_class, status, queued_at);
                CREATE INDEX waitlists_by_deadline ON waitlists (status, deadline);
                CREATE TABLE waitlist_passengers (
                    id INTEGER PRIMARY KEY,
                    waitlist_id INTEGER NOT NULL REFERENCES waitlists (id),
                    passenger_id INTEGER REFERENCES passengers (id) ON DELETE SET NULL,
                    passenger_name VARCHAR(50) NOT NULL,
                    certificate_type VARCHAR(30) NOT NULL,
                    certificate_number VARCHAR(30) NOT NULL,
                    ticket_type VARCHAR(10) NOT NULL,
                    price_fen INTEGER NOT NULL
                );
                CREATE INDEX waitlist_passengers_by_waitlist ON waitlist_passengers (waitlist_id);
                CREATE INDEX waitlist_passengers_by_traveller ON waitlist_passengers (certificate_type, certificate_number);
                """)
        }
    }
}
