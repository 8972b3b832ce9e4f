import Storage

extension Migrations {
    /// Login attempts per account, device, address and logged-in user (see `LoginThrottle`),
    /// replacing the failures counted per login name and address.
    static func addLoginAttempts(to migrator: inout Migrator) {
        migrator.register("2026-12-01-login-attempts") { db in
            try db.executeSchema(
                """
                CREATE TABLE login_attempts (
                    id INTEGER PRIMARY KEY,
                    scope VARCHAR(20) NOT NULL,
                    subject VARCHAR(100) NOT NULL,
                    attempted_at INTEGER NOT NULL,
                    outcome VARCHAR(10) NOT NULL
                );
                CREATE INDEX login_attempts_by_subject ON login_attempts (scope, subject, attempted_at);
                CREATE INDEX login_attempts_by_time ON login_attempts (attempted_at);
                DROP TABLE login_failures
                """)
        }
    }
}
