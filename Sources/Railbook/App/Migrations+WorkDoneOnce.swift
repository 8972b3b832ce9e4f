import Storage

extension Migrations {
    /// What lets several servers share the work on one database: the leases of the background
    /// jobs (`JobLease`) and the claims on outbox reactions (`Outbox.claimDue`).
    static func addWorkDoneOnce(to migrator: inout Migrator) {
        migrator.register("2026-12-02-work-done-once") { db in
            try db.executeSchema(
                """
                CREATE TABLE job_leases (
                    name VARCHAR(60) PRIMARY KEY,
                    holder VARCHAR(60) NOT NULL,
                    expires_at INTEGER NOT NULL
                );
                ALTER TABLE outbox ADD COLUMN claimed_by VARCHAR(60);
                ALTER TABLE outbox ADD COLUMN claimed_until INTEGER
                """)
        }
        migrator.register("2026-12-07-lease-claim-times") { db in
            // When a lease was claimed, by the database's clock: one claimed in the future was taken
            // by a server whose clock ran ahead, and does not hold.
            try db.executeSchema("ALTER TABLE job_leases ADD COLUMN claimed_at INTEGER NOT NULL DEFAULT 0")
        }
    }
}
