import Storage

extension Migrations {
    /// Orders, their tickets, payments and refunds.
    static func addBooking(to migrator: inout Migrator) {
        migrator.register("2026-11-29-booking") { db in
            try db.executeSchema(
                """
                CREATE TABLE orders (
                    id INTEGER PRIMARY KEY,
                    number VARCHAR(20) NOT NULL UNIQUE,
                    user_id INTEGER NOT NULL REFERENCES users (id),
                    status VARCHAR(12) NOT NULL,
                    total_fen INTEGER NOT NULL,
                    created_at BIGINT NOT NULL,
                    pay_deadline BIGINT NOT NULL,
                    paid_at BIGINT,
                    closed_at BIGINT
                );
                CREATE INDEX orders_by_user ON orders (user_id, created_at);
                CREATE INDEX orders_by_status ON orders (status, pay_deadline);
                CREATE TABLE tickets (
                    id INTEGER PRIMARY KEY,
                    order_id INTEGER NOT NULL REFERENCES orders (id),
                    run_id INTEGER NOT NULL REFERENCES runs (id),
                    passenger_id INTEGER REFERENCES passengers (id) ON DELETE SET NULL,
                    passenger_name VARCHAR(50) NOT NULL,
                    certificate_type VARCHAR(30) NOT NULL,
                    certificate_number VARCHAR(30) NOT NULL,
                    ticket_type VARCHAR(10) NOT NULL,
                    seat_class VARCHAR(20) NOT NULL,
                    from_sequence INTEGER NOT NULL,
                    to_sequence INTEGER NOT NULL,
                    departs_at BIGINT NOT NULL,
                    arrives_at BIGINT NOT NULL,
                    coach_number INTEGER NOT NULL,
                    seat_index INTEGER NOT NULL,
                    price_fen INTEGER NOT NULL,
                    status VARCHAR(12) NOT NULL,
                    refund_fee_fen INTEGER,
                    refunded_fen INTEGER,
                    changed_from_ticket_id INTEGER REFERENCES tickets (id),
                    closed_at BIGINT
                );
                CREATE INDEX tickets_by_order ON tickets (order_id);
                CREATE INDEX tickets_by_traveller ON tickets (certificate_type, certificate_number, departs_at);
                CREATE INDEX tickets_by_run ON tickets (run_id, seat_class, status);
                CREATE TABLE payments (
                    id INTEGER PRIMARY KEY,
                    reference VARCHAR(40) NOT NULL UNIQUE,
                    user_id INTEGER NOT NULL REFERENCES users (id),
                    purpose VARCHAR(20) NOT NULL,
                    subject_id INTEGER NOT NULL,
                    amount_fen INTEGER NOT NULL,
                    status VARCHAR(12) NOT NULL,
                    created_at BIGINT NOT NULL,
                    completed_at BIGINT,
                    refunded_fen INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX payments_by_subject ON payments (purpose, subject_id);
                CREATE TABLE refunds (
                    id INTEGER PRIMARY KEY,
                    payment_id INTEGER NOT NULL REFERENCES payments (id),
                    amount_fen INTEGER NOT NULL,
                    reason VARCHAR(30) NOT NULL,
                    created_at BIGINT NOT NULL
                );
                CREATE INDEX refunds_by_payment ON refunds (payment_id);
                """)
        }
    }
}
