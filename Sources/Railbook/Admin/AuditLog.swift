import Storage

/// Who changed what and when, with the state before and after: every administrative change is
/// recorded in the same transaction as the change itself.
enum AuditLog {
    /// One recorded change.
    struct Entry: RowDecodable, Sendable {
        let id: Int64
        let userID: Int64
        let account: String
        let action: String
        let subject: String
        let before: String
        let after: String
        let createdAt: Int

        init(row: Row) throws {
            id = try row.int64("id")
            userID = try row.int64("user_id")
            account = try row.string("account")
            action = try row.string("action")
            subject = try row.string("subject")
            before = try row.string("before_text")
            after = try row.string("after_text")
            createdAt = try row.int("created_at")
        }
    }

    /// Records a change made by administrator `userID`: `action` like "station.update", `subject`
    /// like "station VNP", and short readable descriptions of the state before and after.
    static func record(
        userID: Int64, action: String, subject: String, before: String, after: String, now: Int,
        in db: Database
    ) throws {
        try db.run(
            """
            INSERT INTO audit_log (user_id, action, subject, before_text, after_text, created_at) VALUES (?, ?, ?, ?, ?, ?)
            """, [userID, action, subject, before, after, now])
    }

    /// The most recent entries, newest first, optionally only those whose action starts with `prefix`.
    static func recent(limit: Int, offset: Int = 0, actionPrefix prefix: String = "", in db: Database) throws -> [Entry] {
        try db.query(
            Entry.self,
            """
            SELECT a.id, a.user_id, u.account, a.action, a.subject, a.before_text, a.after_text, a.created_at
            FROM audit_log a JOIN users u ON u.id = a.user_id WHERE lower(a.action) LIKE lower(?) ORDER BY a.id DESC LIMIT ? OFFSET ?
            """, [prefix + "%", limit, offset])
    }

    /// Registers the audit log table.
    static func addMigration(to migrator: inout Migrator) {
        migrator.register("2026-11-29-audit-log") { db in
            try db.executeSchema(
                """
                CREATE TABLE audit_log (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users (id),
                    action VARCHAR(40) NOT NULL,
                    subject VARCHAR(120) NOT NULL,
                    before_text TEXT NOT NULL,
                    after_text TEXT NOT NULL,
                    created_at BIGINT NOT NULL
                );
                CREATE INDEX audit_log_by_action ON audit_log (action, id);
                """)
        }
    }
}
