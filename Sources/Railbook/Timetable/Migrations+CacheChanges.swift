import Storage

extension Migrations {
    /// The changes every server's caches follow (`CacheChange`), kept for ten minutes.
    static func addCacheChanges(to migrator: inout Migrator) {
        migrator.register("2026-12-02-cache-changes") { db in
            try db.executeSchema(
                """
                CREATE TABLE cache_changes (
                    id INTEGER PRIMARY KEY,
                    kind VARCHAR(12) NOT NULL,
                    run_id INTEGER,
                    changed_at BIGINT NOT NULL
                );
                CREATE INDEX cache_changes_by_time ON cache_changes (changed_at)
                """)
        }
        // Servers read the changes of the transactions that finished since their last reading.
        migrator.register("2026-12-02-cache-changes-by-transaction") { db in
            try db.executeSchema(
                """
                ALTER TABLE cache_changes ADD COLUMN transaction_id INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX cache_changes_by_transaction ON cache_changes (transaction_id)
                """)
        }
    }
}
