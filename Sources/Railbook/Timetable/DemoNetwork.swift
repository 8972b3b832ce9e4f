import Storage

/// Loads the demo stations and trains (see docs/data.md) into a database.
enum DemoNetwork {
    /// Loads the demo network when the database has no stations yet; returns whether it did.
    @discardableResult
    static func loadIfEmpty(into database: DatabasePool) throws -> Bool {
        try database.write { db in
            guard try db.queryOne("SELECT id FROM stations LIMIT 1") == nil else { return false }
            try TimetableText.loadStations(DemoStations.table, into: db)
            for corridor in DemoTrains.corridors { try TimetableText.loadTrains(corridor.table, into: db) }
            return true
        }
    }
}
