import Storage

extension Migrations {
    /// Where the payer returns to from the provider page, per payment (a gateway's return URL).
    static func addPayments(to migrator: inout Migrator) {
        migrator.register("2026-12-01-payments-return-to") { db in
            try db.executeSchema("ALTER TABLE payments ADD COLUMN return_to VARCHAR(200)")
        }
    }
}
