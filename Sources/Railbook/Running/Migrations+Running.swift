import Storage

extension Migrations {
    /// Running data: what was reported of each run at each stop (expected or actual times, platform,
    /// gate), the keys of the systems that report it, the signatures already taken (no replays), and
    /// the compensation paid to travellers who arrived late (one row a ticket).
    static func addRunning(to migrator: inout Migrator) {
        migrator.register("2026-12-08-running") { db in
            try db.executeSchema(
                """
                CREATE TABLE running_times (
                    run_id INTEGER NOT NULL REFERENCES runs (id),
                    stop_sequence INTEGER NOT NULL,
                    arrival_minute INTEGER,
                    arrival_actual INTEGER NOT NULL,
                    departure_minute INTEGER,
                    departure_actual INTEGER NOT NULL,
                    platform VARCHAR(8),
                    gate VARCHAR(8),
                    source VARCHAR(60) NOT NULL,
                    reported_at BIGINT NOT NULL,
                    PRIMARY KEY (run_id, stop_sequence)
                );
                CREATE TABLE running_senders (
                    id INTEGER PRIMARY KEY,
                    name VARCHAR(40) NOT NULL UNIQUE,
                    key VARCHAR(64) NOT NULL,
                    created_at BIGINT NOT NULL,
                    revoked_at BIGINT
                );
                CREATE TABLE running_signatures (
                    signature VARCHAR(64) PRIMARY KEY,
                    received_at BIGINT NOT NULL
                );
                CREATE INDEX running_signatures_by_time ON running_signatures (received_at);
                CREATE TABLE delay_compensations (
                    ticket_id INTEGER PRIMARY KEY REFERENCES tickets (id),
                    run_id INTEGER NOT NULL REFERENCES runs (id),
                    minutes_late INTEGER NOT NULL,
                    percent INTEGER NOT NULL,
                    amount_fen INTEGER NOT NULL,
                    paid_at BIGINT NOT NULL
                );
                """)
        }
    }
}
