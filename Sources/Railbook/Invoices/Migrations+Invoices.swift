import Storage

extension Migrations {
    /// Invoices: the buyers an account keeps, the numbers issued per year, and the invoices.
    static func addInvoices(to migrator: inout Migrator) {
        migrator.register("2026-12-07-invoices") { db in
            try db.executeSchema(
                """
                CREATE TABLE invoice_buyers (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    kind VARCHAR(10) NOT NULL,
                    name VARCHAR(100) NOT NULL,
                    credit_code VARCHAR(18),
                    created_at BIGINT NOT NULL
                );
                CREATE INDEX invoice_buyers_by_user ON invoice_buyers (user_id);
                CREATE TABLE invoice_numbers (
                    year INTEGER PRIMARY KEY,
                    last_number INTEGER NOT NULL
                );
                CREATE TABLE invoices (
                    id INTEGER PRIMARY KEY,
                    number VARCHAR(20) NOT NULL UNIQUE,
                    year INTEGER NOT NULL,
                    sequence INTEGER NOT NULL,
                    kind VARCHAR(12) NOT NULL,
                    subject VARCHAR(40) NOT NULL,
                    user_id INTEGER NOT NULL REFERENCES users (id),
                    buyer_kind VARCHAR(10) NOT NULL,
                    buyer_name VARCHAR(100) NOT NULL,
                    buyer_credit_code VARCHAR(18),
                    amount_fen INTEGER NOT NULL,
                    tax_rate_permille INTEGER NOT NULL,
                    tax_fen INTEGER NOT NULL,
                    description TEXT NOT NULL,
                    cancels_invoice_id INTEGER REFERENCES invoices (id),
                    verify_code VARCHAR(40) NOT NULL UNIQUE,
                    issued_at BIGINT NOT NULL,
                    UNIQUE (year, sequence),
                    UNIQUE (kind, subject)
                );
                CREATE INDEX invoices_by_user ON invoices (user_id, id);
                CREATE INDEX invoices_by_time ON invoices (issued_at, id);
                """)
        }
    }
}
