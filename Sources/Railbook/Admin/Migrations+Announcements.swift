import Storage

extension Migrations {
    /// Notices from administrators to everyone (公告), shown on the home page until retired.
    static func addAnnouncements(to migrator: inout Migrator) {
        migrator.register("2026-12-02-announcements") { db in
            try db.executeSchema(
                """
                CREATE TABLE announcements (
                    id INTEGER PRIMARY KEY,
                    text_zh VARCHAR(300) NOT NULL,
                    text_en VARCHAR(300) NOT NULL,
                    posted_by INTEGER NOT NULL REFERENCES users (id),
                    posted_at BIGINT NOT NULL,
                    retired_by INTEGER REFERENCES users (id),
                    retired_at BIGINT
                );
                CREATE INDEX announcements_shown ON announcements (retired_at, posted_at);
                """)
        }
    }
}
