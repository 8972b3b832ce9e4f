import Storage

extension Migrations {
    /// The outbox of reactions to committed changes (see `Outbox`).
    static func addOutbox(to migrator: inout Migrator) {
        migrator.register("2026-12-01-outbox") { db in
            try db.executeSchema(
                """
                CREATE TABLE outbox (
                    id INTEGER PRIMARY KEY,
                    kind VARCHAR(40) NOT NULL,
                    subject_id INTEGER NOT NULL,
                    detail VARCHAR(40) NOT NULL,
                    created_at INTEGER NOT NULL,
                    status VARCHAR(10) NOT NULL,
                    attempts INTEGER NOT NULL,
                    next_attempt_at INTEGER NOT NULL,
                    last_error TEXT,
                    done_at INTEGER
                );
                CREATE INDEX outbox_due ON outbox (status, next_attempt_at, id)
                """)
        }
    }
}
