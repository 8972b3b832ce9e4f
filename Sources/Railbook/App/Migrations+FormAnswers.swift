import Storage

extension Migrations {
    /// The answers given to forms that changed something, under each form's key (`FormAnswer`).
    static func addFormAnswers(to migrator: inout Migrator) {
        migrator.register("2026-12-12-form-answers") { db in
            try db.executeSchema(
                """
                CREATE TABLE form_answers (
                    user_id INTEGER NOT NULL REFERENCES users (id),
                    form_key VARCHAR(64) NOT NULL,
                    location VARCHAR(500) NOT NULL,
                    answered_at INTEGER NOT NULL,
                    PRIMARY KEY (user_id, form_key)
                );
                CREATE INDEX form_answers_by_time ON form_answers (answered_at)
                """)
        }
    }
}
