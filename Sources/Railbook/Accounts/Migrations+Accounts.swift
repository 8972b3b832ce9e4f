import Storage

extension Migrations {
    /// Users, their sessions, login attempts and saved passengers.
    static func addAccounts(to migrator: inout Migrator) {
        migrator.register("2026-11-29-accounts") { db in
            try db.executeSchema(
                """
                CREATE TABLE users (
                    id INTEGER PRIMARY KEY,
                    account VARCHAR(30) NOT NULL,
                    account_key VARCHAR(30) NOT NULL UNIQUE,
                    password_hash VARCHAR(200) NOT NULL,
                    name VARCHAR(50) NOT NULL,
                    certificate_type VARCHAR(30),
                    certificate_number VARCHAR(30),
                    mobile VARCHAR(11) UNIQUE,
                    gender VARCHAR(12) NOT NULL,
                    info VARCHAR(500) NOT NULL DEFAULT '',
                    authority VARCHAR(10) NOT NULL DEFAULT 'user',
                    is_locked INTEGER NOT NULL DEFAULT 0,
                    created_at BIGINT NOT NULL,
                    UNIQUE (certificate_type, certificate_number)
                );
                CREATE TABLE sessions (
                    token_hash CHAR(64) PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    created_at BIGINT NOT NULL,
                    last_seen_at BIGINT NOT NULL,
                    is_persistent INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX sessions_by_user ON sessions (user_id);
                CREATE TABLE login_failures (
                    id INTEGER PRIMARY KEY,
                    login_key VARCHAR(30) NOT NULL,
                    address VARCHAR(64) NOT NULL,
                    failed_at BIGINT NOT NULL
                );
                CREATE INDEX login_failures_by_login ON login_failures (login_key, failed_at);
                CREATE INDEX login_failures_by_address ON login_failures (address, failed_at);
                CREATE TABLE passengers (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    name VARCHAR(50) NOT NULL,
                    certificate_type VARCHAR(30) NOT NULL,
                    certificate_number VARCHAR(30) NOT NULL,
                    passenger_type VARCHAR(10) NOT NULL,
                    mobile VARCHAR(11) NOT NULL DEFAULT '',
                    is_account_holder INTEGER NOT NULL DEFAULT 0,
                    created_at BIGINT NOT NULL,
                    UNIQUE (user_id, certificate_type, certificate_number)
                );
                CREATE INDEX passengers_by_user ON passengers (user_id);
                """)
        }
    }
}
