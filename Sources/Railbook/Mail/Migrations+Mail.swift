import Storage

extension Migrations {
    /// Mail: a confirmed address (one account per address, whatever its case) and a language on each account, the confirmations of new
    /// addresses and the password resets (both by hashed token), the kinds of mail each user
    /// turned off, and the mail itself (`Mail`).
    static func addMail(to migrator: inout Migrator) {
        migrator.register("2026-12-07-mail") { db in
            try db.executeSchema(
                """
                ALTER TABLE users ADD COLUMN email VARCHAR(254);
                ALTER TABLE users ADD COLUMN language VARCHAR(8);
                CREATE UNIQUE INDEX users_by_email ON users (lower(email));
                CREATE TABLE email_confirmations (
                    token_hash CHAR(64) PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    address VARCHAR(254) NOT NULL,
                    created_at BIGINT NOT NULL,
                    used_at BIGINT
                );
                CREATE INDEX email_confirmations_by_user ON email_confirmations (user_id);
                CREATE TABLE password_resets (
                    token_hash CHAR(64) PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    password_mark CHAR(64) NOT NULL,
                    created_at BIGINT NOT NULL,
                    used_at BIGINT
                );
                CREATE INDEX password_resets_by_user ON password_resets (user_id);
                CREATE TABLE mail_optouts (
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    topic VARCHAR(20) NOT NULL,
                    PRIMARY KEY (user_id, topic)
                );
                CREATE TABLE mails (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
                    recipient VARCHAR(254) NOT NULL,
                    language VARCHAR(8) NOT NULL,
                    kind VARCHAR(30) NOT NULL,
                    topic VARCHAR(20) NOT NULL,
                    text_key VARCHAR(60) NOT NULL,
                    arguments TEXT NOT NULL,
                    link VARCHAR(200),
                    secret VARCHAR(100),
                    message_id VARCHAR(120) NOT NULL UNIQUE,
                    once_key VARCHAR(80) UNIQUE,
                    created_at BIGINT NOT NULL,
                    status VARCHAR(10) NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    sent_at BIGINT,
                    last_error TEXT,
                    request_id VARCHAR(128)
                );
                CREATE INDEX mails_by_time ON mails (created_at, id);
                CREATE INDEX mails_waiting ON mails (recipient, status, id);
                """)
        }
    }
}
