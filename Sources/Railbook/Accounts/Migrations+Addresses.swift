import Storage

extension Migrations {
    /// Delivery addresses (收货地址): at most one default per user, kept unique by a partial index.
    static func addAddresses(to migrator: inout Migrator) {
        migrator.register("2026-12-02-addresses") { db in
            try db.executeSchema(
                """
                CREATE TABLE addresses (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    recipient VARCHAR(30) NOT NULL,
                    phone VARCHAR(20) NOT NULL,
                    province VARCHAR(20) NOT NULL,
                    city VARCHAR(20) NOT NULL,
                    district VARCHAR(20) NOT NULL,
                    detail VARCHAR(120) NOT NULL,
                    postcode VARCHAR(6) NOT NULL DEFAULT '',
                    is_default INTEGER NOT NULL DEFAULT 0,
                    created_at BIGINT NOT NULL
                );
                CREATE INDEX addresses_by_user ON addresses (user_id, created_at);
                CREATE UNIQUE INDEX addresses_one_default ON addresses (user_id) WHERE is_default = 1;
                """)
        }
    }
}
