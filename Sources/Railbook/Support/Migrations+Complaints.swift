import Storage

extension Migrations {
    /// Complaints (投诉) about one of a user's ticket or shop orders, and their threads of messages:
    /// the customer's text first, then replies from the customer and from staff.
    static func addComplaints(to migrator: inout Migrator) {
        migrator.register("2026-12-03-complaints") { db in
            try db.executeSchema(
                """
                CREATE TABLE complaints (
                    id INTEGER PRIMARY KEY,
                    number VARCHAR(20) NOT NULL UNIQUE,
                    user_id INTEGER NOT NULL REFERENCES users (id),
                    subject_kind VARCHAR(20) NOT NULL CHECK (subject_kind IN ('ticket_order', 'shop_order')),
                    subject_id INTEGER NOT NULL,
                    subject_number VARCHAR(20) NOT NULL,
                    category VARCHAR(20) NOT NULL,
                    status VARCHAR(12) NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'in_progress', 'resolved')),
                    contact_preference VARCHAR(12) NOT NULL DEFAULT 'none',
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL
                );
                CREATE INDEX complaints_by_user ON complaints (user_id, created_at);
                CREATE INDEX complaints_by_status ON complaints (status, updated_at);
                CREATE INDEX complaints_by_subject ON complaints (subject_kind, subject_id);
                CREATE TABLE complaint_messages (
                    id INTEGER PRIMARY KEY,
                    complaint_id INTEGER NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
                    author_kind VARCHAR(10) NOT NULL CHECK (author_kind IN ('customer', 'staff')),
                    author_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
                    text VARCHAR(2000) NOT NULL,
                    created_at BIGINT NOT NULL
                );
                CREATE INDEX complaint_messages_by_complaint ON complaint_messages (complaint_id, created_at);
                """)
        }
    }
}
