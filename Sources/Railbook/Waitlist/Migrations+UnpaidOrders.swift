import Storage

extension Migrations {
    /// Indexes for "this account's unpaid order" (`UnpaidOrder`), checked by every booking: without
    /// them SQLite reads every unpaid order of every account (by status and deadline) to find one.
    /// They cover orders and waitlists, so the waitlist feature registers them, after its table.
    static func addUnpaidOrderIndexes(to migrator: inout Migrator) {
        migrator.register("2026-12-01-unpaid-orders-by-user") { db in
            try db.executeSchema(
                """
                CREATE INDEX orders_by_user_status ON orders (user_id, status, pay_deadline);
                CREATE INDEX waitlists_by_user_status ON waitlists (user_id, status, deadline)
                """)
        }
    }
}
