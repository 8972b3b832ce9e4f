import Storage

extension Migrations {
    /// English station names (`Beijing South`), shown on English pages and accepted by station
    /// fields; a database that already holds the demo stations gets theirs from the demo table.
    static func addStationEnglishNames(to migrator: inout Migrator) {
        migrator.register("2026-12-01-station-english-names") { db in
            try db.executeSchema("ALTER TABLE stations ADD COLUMN english_name VARCHAR(60) NOT NULL DEFAULT ''")
            for line in DemoStations.table.split(separator: "\n") {
                let fields = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: " ") }
                guard fields.count == 7 else { continue }
                try db.run(
                    "UPDATE stations SET english_name = ? WHERE telecode = ? AND name = ?",
                    [fields[6], fields[0], fields[1]])
            }
        }
    }
}
