import Storage

extension Migrations {
    /// Where each station is, in millionths of a degree (WGS 84), for the open feeds' stops; NULL
    /// until an administrator enters it.
    static func addStationPositions(to migrator: inout Migrator) {
        migrator.register("2026-12-09-station-positions") { db in
            try db.executeSchema(
                """
                ALTER TABLE stations ADD COLUMN latitude_micro INTEGER;
                ALTER TABLE stations ADD COLUMN longitude_micro INTEGER
                """)
        }
    }
}
