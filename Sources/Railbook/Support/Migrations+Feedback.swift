import Storage

extension Migrations {
    /// Feedback (意见反馈) from visitors and users, with the network address the sending limit counts.
    static func addFeedback(to migrator: inout Migrator) {
        migrator.register("2026-12-02-feedback") { db in
            try db.executeSchema(
                """
                CREATE TABLE feedback (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
                    category VARCHAR(20) NOT NULL,
                    text VARCHAR(2000) NOT NULL,
                    contact VARCHAR(100) NOT NULL DEFAULT '',
                    address VARCHAR(64) NOT NULL DEFAULT '',
                    created_at BIGINT NOT NULL,
                    status VARCHAR(12) NOT NULL DEFAULT 'new'
                );
                CREATE INDEX feedback_by_user ON feedback (user_id, created_at);
                CREATE INDEX feedback_by_address ON feedback (address, created_at);
                CREATE INDEX feedback_by_status ON feedback (status, created_at);
                """)
        }
    }
}
