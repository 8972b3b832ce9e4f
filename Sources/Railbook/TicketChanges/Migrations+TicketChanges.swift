import Storage

extension Migrations {
    /// Changes (改签) to a dearer fare waiting for the difference to be paid.
    static func addTicketChanges(to migrator: inout Migrator) {
        migrator.register("2026-12-01-ticket-changes") { db in
            try db.executeSchema(
                """
                CREATE TABLE ticket_changes (
                    id INTEGER PRIMARY KEY,
                    ticket_id INTEGER NOT NULL REFERENCES tickets (id),
                    run_id INTEGER NOT NULL REFERENCES runs (id),
                    seat_class VARCHAR(20) NOT NULL,
                    price_fen INTEGER NOT NULL,
                    status VARCHAR(12) NOT NULL,
                    new_ticket_id INTEGER REFERENCES tickets (id),
                    created_at BIGINT NOT NULL,
                    closed_at BIGINT
                );
                CREATE INDEX ticket_changes_by_ticket ON ticket_changes (ticket_id, status);
                CREATE INDEX ticket_changes_by_new_ticket ON ticket_changes (new_ticket_id);
                """)
        }
    }
}

extension Migrations {
    /// The change fee (改签费) a changed ticket cost (`ChangeFeePolicy`), nil for tickets never
    /// changed or changed before the fee existed.
    static func addChangeFees(to migrator: inout Migrator) {
        migrator.register("2026-12-10-change-fees") { db in
            try db.executeSchema("ALTER TABLE tickets ADD COLUMN change_fee_fen INTEGER")
        }
    }
}

extension Migrations {
    /// The new destination (telecode) a change of destination (变更到站) waiting for its payment asks
    /// for; NULL for a change to another train.
    static func addChangeDestinations(to migrator: inout Migrator) {
        migrator.register("2026-12-10-change-destinations") { db in
            try db.executeSchema("ALTER TABLE ticket_changes ADD COLUMN to_code VARCHAR(3)")
        }
    }
}
