/// Schema migrations, registered by identifier and applied once each, in registration order.
///
/// Each migration runs in its own write transaction together with its record in the
/// `schema_migrations` table, so a failing migration leaves nothing of itself behind.
public struct Migrator: Sendable {
    private struct Migration: Sendable {
        let identifier: String
        let migrate: @Sendable (Database) throws -> Void
    }

    private var migrations: [Migration] = []

    /// Creates a migrator with no migrations.
    public init() {}

    /// The registered identifiers, in the order they run.
    public var identifiers: [String] { migrations.map(\.identifier) }

    /// Adds a migration after those already registered; an identifier may be registered only once.
    public mutating func register(_ identifier: String, _ migrate: @escaping @Sendable (Database) throws -> Void) {
        precondition(!identifiers.contains(identifier), "migration \"\(identifier)\" is registered twice")
        migrations.append(Migration(identifier: identifier, migrate: migrate))
    }

    /// Applies the pending migrations in registration order and stops at the first that throws.
    public func migrate(_ database: Database) throws {
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                identifier TEXT NOT NULL PRIMARY KEY,
                applied_at TEXT NOT NULL
            )
            """)
        for migration in migrations {
            try database.write { database in
                // Checked inside the transaction, so two processes never apply one migration twice.
                let isApplied =
                    try database.queryOne(
                        "SELECT 1 FROM schema_migrations WHERE identifier = ?", [migration.identifier]
                    ) != nil
                guard !isApplied else { return }
                try migration.migrate(database)
                try database.run(
                    "INSERT INTO schema_migrations (identifier, applied_at) VALUES (?, CURRENT_TIMESTAMP)",
                    [migration.identifier]
                )
            }
        }
    }

    /// Applies the pending migrations through the pool's writer connection.
    public func migrate(_ pool: DatabasePool) throws {
        try pool.writeWithoutTransaction { try migrate($0) }
    }

    /// The identifiers recorded as applied, in registration order (any no longer registered come
    /// last, by name); empty for a database never migrated.
    public func appliedIdentifiers(_ database: Database) throws -> [String] {
        let tableCheck =
            switch database.dialect {
            case .sqlite: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
            case .postgresql: "SELECT 1 WHERE to_regclass('schema_migrations') IS NOT NULL"
            }
        guard try database.queryOne(tableCheck) != nil else { return [] }
        let applied = try database.query("SELECT identifier FROM schema_migrations ORDER BY identifier").map { try $0.string(0) }
        let registered = identifiers.filter(applied.contains)
        return registered + applied.filter { !identifiers.contains($0) }
    }
}
