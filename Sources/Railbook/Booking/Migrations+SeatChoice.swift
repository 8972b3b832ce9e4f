import Storage

extension Migrations {
    /// The seat or berth each passenger picked on the book page (`tickets.seat_pick`, NULL for no
    /// pick), and each train's standing quota (`trains.standing_quota`, NULL for the default).
    static func addSeatChoice(to migrator: inout Migrator) {
        migrator.register("2026-12-02-seat-choice") { db in
            try db.executeSchema(
                """
                ALTER TABLE tickets ADD COLUMN seat_pick VARCHAR(10);
                ALTER TABLE trains ADD COLUMN standing_quota INTEGER
                """)
        }
    }
}
