import Storage

extension Migrations {
    /// Notices from the railway to users (cancelled and delayed trains).
    static func addNotices(to migrator: inout Migrator) {
        migrator.register("2026-12-01-notices") { db in
            try db.executeSchema(
                """
                CREATE TABLE notices (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    text_key VARCHAR(60) NOT NULL,
                    arguments TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    read_at BIGINT
                );
                CREATE INDEX notices_by_user ON notices (user_id, id);
                """)
        }
    }

    /// A notice may link to the page it is about (an order, a waitlist, a complaint).
    static func addNoticeLinks(to migrator: inout Migrator) {
        migrator.register("2026-12-02-notice-links") { db in
            try db.executeSchema("ALTER TABLE notices ADD COLUMN link VARCHAR(200)")
        }
    }
}
