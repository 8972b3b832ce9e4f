import Storage

extension Migrations {
    /// The travel date of each remembered search (`YYYY-MM-DD`; NULL for searches kept before it was).
    static func addSearchHistoryDates(to migrator: inout Migrator) {
        migrator.register("2026-12-01-search-history-dates") { db in
            try db.executeSchema("ALTER TABLE search_history ADD COLUMN travel_date CHAR(10)")
        }
    }
}
