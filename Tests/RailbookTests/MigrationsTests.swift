import HTMLTesting
import PostgresTesting
import Storage
import XCTest

@testable import Railbook

/// The migrations each feature registers (`Feature.addMigrations`), walked in the order of
/// `Application.features`: none renamed or lost, and a database migrated by the single list they
/// had before (in its order, whole or part of the way) ends with the schema of a new one.
final class MigrationsTests: XCTestCase {
    /// Every migration as the one central list ran them before each feature registered its own.
    private static let centralOrder = [
        "2026-11-29-settings", "2026-11-29-accounts", "2026-11-29-timetable", "2026-11-29-booking", "2026-12-01-waitlist",
        "2026-12-01-payments-return-to", "2026-12-01-ticket-changes", "2026-12-02-shop", "2026-12-02-addresses",
        "2026-12-02-feedback", "2026-12-03-complaints", "2026-12-04-shop-orders", "2026-11-29-audit-log", "2026-12-01-notices",
        "2026-12-02-passenger-details", "2026-12-02-notice-links", "2026-12-01-waitlist-close-reasons",
        "2026-12-01-search-history-dates", "2026-12-01-station-english-names", "2026-12-01-login-attempts", "2026-12-01-outbox",
        "2026-12-01-unpaid-orders-by-user", "2026-12-02-announcements", "2026-12-02-seat-choice",
        "2026-12-02-shop-order-line-numbers", "2026-12-02-cache-changes", "2026-12-02-cache-changes-by-transaction",
        "2026-12-02-work-done-once", "2026-12-07-lease-claim-times", "2026-12-07-export-indexes", "2026-12-07-mail", "2026-12-07-invoices",
        "2026-12-08-running", "2026-12-09-order-connections",
        "2026-12-09-station-positions", "2026-12-10-change-fees", "2026-12-10-carried-children",
        "2026-12-10-change-destinations", "2026-12-11-order-seat-changes",
        "2026-12-11-waitlist-choices", "2026-12-12-form-answers",
    ]

    private var cleanUps: [() throws -> Void] = []

    override func tearDownWithError() throws {
        for cleanUp in cleanUps.reversed() { try cleanUp() }
        cleanUps = []
    }

    func testEveryMigrationKeepsItsIdentifier() {
        let identifiers = Migrations.all.identifiers
        XCTAssertEqual(identifiers.count, Self.centralOrder.count)
        XCTAssertEqual(Set(identifiers), Set(Self.centralOrder), "an identifier renamed, lost or added without this list")
    }

    func testADatabaseMigratedInTheCentralOrderHasANewDatabasesSchemaAndNothingLeftToRun() throws {
        let old = try emptyDatabase()
        try migrate(old, oneByOne: Self.centralOrder)
        let new = try emptyDatabase()
        try Migrations.all.migrate(new)
        XCTAssertEqual(try schema(of: old), try schema(of: new))
        XCTAssertGreaterThan(try schema(of: new).count, 100, "the schema is read")

        let recorded = try records(of: old)
        let schemaBefore = try schema(of: old)
        try Migrations.all.migrate(old)
        XCTAssertEqual(try records(of: old), recorded, "nothing ran again")
        XCTAssertEqual(try schema(of: old), schemaBefore)
    }

    func testADatabaseMigratedPartOfTheWayInTheCentralOrderFinishesInTheFeaturesOrder() throws {
        let new = try emptyDatabase()
        try Migrations.all.migrate(new)
        let expected = try schema(of: new)
        for count in 1..<Self.centralOrder.count {
            let database = try emptyDatabase()
            try migrate(database, oneByOne: Array(Self.centralOrder.prefix(count)))
            try Migrations.all.migrate(database)
            XCTAssertEqual(try schema(of: database), expected, "after the first \(count) migrations of the central list")
            XCTAssertEqual(Set(try records(of: database).map { try $0.string("identifier") }), Set(Self.centralOrder))
        }
    }

    // MARK: - Databases

    /// A new database with no tables: a SQLite file, or a schema of the PostgreSQL test cluster.
    private func emptyDatabase() throws -> DatabasePool {
        let location: String
        switch TestDatabase.dialect {
        case .sqlite:
            location = try TestSite.temporaryDirectory() + "/migrations.sqlite"
        case .postgresql:
            let schema = try PostgresTestCluster.shared().makeSchema()
            cleanUps.append { try schema.drop() }
            location = schema.uri
        }
        let pool = try DatabaseLocation(location).open(durability: .relaxed, connections: 1)
        cleanUps.append { pool.close() }
        return pool
    }

    /// Applies the migrations `identifiers` names one at a time in that order, as the central list
    /// did: before each, every other migration not yet applied is recorded as applied, so the
    /// migrator runs that one alone; those records are removed after it.
    private func migrate(_ database: DatabasePool, oneByOne identifiers: [String]) throws {
        try Migrator().migrate(database) // the table of applied migrations
        var applied: Set<String> = []
        for identifier in identifiers {
            let others = Migrations.all.identifiers.filter { $0 != identifier && !applied.contains($0) }
            try database.write { db in
                for other in others {
                    try db.run("INSERT INTO schema_migrations (identifier, applied_at) VALUES (?, 'held back')", [other])
                }
            }
            try Migrations.all.migrate(database)
            try database.write { db in _ = try db.run("DELETE FROM schema_migrations WHERE applied_at = 'held back'") }
            applied.insert(identifier)
        }
        XCTAssertEqual(Set(try records(of: database).map { try $0.string("identifier") }), Set(identifiers))
    }

    /// The migrations a database recorded, by identifier.
    private func records(of database: DatabasePool) throws -> [Row] {
        try database.read { try $0.query("SELECT identifier, applied_at FROM schema_migrations ORDER BY identifier") }
    }

    /// Every table, column, index and constraint of a database but the migrations' own table, in a
    /// stable order: SQLite's statements as they stand after the migrations (with the columns
    /// `ALTER TABLE` added, in their order), PostgreSQL's catalogue.
    private func schema(of database: DatabasePool) throws -> [Row] {
        try database.read { db in
            switch db.dialect {
            case .sqlite:
                return try db.query(
                    """
                    SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name <> 'schema_migrations' ORDER BY type, name
                    """)
            case .postgresql:
                let columns = try db.query(
                    """
                    SELECT table_name, ordinal_position, column_name, data_type, character_maximum_length, column_default, is_nullable
                    FROM information_schema.columns WHERE table_schema = current_schema() AND table_name <> 'schema_migrations'
                    ORDER BY table_name, ordinal_position
                    """)
                let indexes = try db.query(
                    """
                    SELECT tablename, indexname, replace(indexdef, current_schema() || '.', '') AS definition
                    FROM pg_indexes WHERE schemaname = current_schema() AND tablename <> 'schema_migrations' ORDER BY indexname
                    """)
                let constraints = try db.query(
                    """
                    SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
                    FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
                    AND conrelid <> 'schema_migrations'::regclass ORDER BY 1, 2
                    """)
                return columns + indexes + constraints
            }
        }
    }
}
