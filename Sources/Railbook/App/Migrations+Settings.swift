import Storage

extension Migrations {
    /// The site's settings by name (its secret keys, `SiteKeys`).
    static func addSettings(to migrator: inout Migrator) {
        migrator.register("2026-11-29-settings") { database in
            try database.executeSchema(
                """
                CREATE TABLE settings (
                    name VARCHAR(100) PRIMARY KEY,
                    value TEXT NOT NULL
                )
                """)
        }
    }
}
