import SQLite
import Storage
import XCTest

final class MigratorTests: XCTestCase {
    private struct Broken: Error {}

    private var directory: TemporaryDirectory!
    private var database: SQLiteDatabase!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        database = try SQLiteDatabase(path: directory.path("migrations.sqlite"))
    }

    override func tearDown() {
        database = nil
        directory = nil
    }

    private func tableNames() throws -> [String] {
        try database.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map { try $0.string(0) }
    }

    func testRunsPendingMigrationsOnceInOrderAndRecordsThem() throws {
        var migrator = Migrator()
        migrator.register("create stations") { try $0.execute("CREATE TABLE stations (id INTEGER PRIMARY KEY, name TEXT)") }
        migrator.register("seed stations") { try $0.run("INSERT INTO stations (name) VALUES (?)", ["Beijing South"]) }
        XCTAssertEqual(try migrator.appliedIdentifiers(database), [])

        try migrator.migrate(database)
        try migrator.migrate(database)
        XCTAssertEqual(try database.queryOne("SELECT COUNT(*) FROM stations")?.int(0), 1, "each runs once")
        XCTAssertEqual(try migrator.appliedIdentifiers(database), ["create stations", "seed stations"])
        let appliedAt = try database.queryOne("SELECT applied_at FROM schema_migrations")?.string("applied_at")
        XCTAssertEqual(appliedAt?.count, 19, "a timestamp like 2025-01-31 08:00:00")

        migrator.register("create trains") { try $0.execute("CREATE TABLE trains (id INTEGER PRIMARY KEY)") }
        try migrator.migrate(database)
        XCTAssertEqual(try migrator.appliedIdentifiers(database), ["create stations", "seed stations", "create trains"])
        XCTAssertEqual(try tableNames(), ["schema_migrations", "stations", "trains"])
    }

    func testFailingMigrationLeavesNothingOfItselfAndStopsTheRest() throws {
        var migrator = Migrator()
        migrator.register("create stations") { try $0.execute("CREATE TABLE stations (id INTEGER PRIMARY KEY)") }
        migrator.register("half done") { database in
            try database.execute("CREATE TABLE fares (id INTEGER PRIMARY KEY)")
            throw Broken()
        }
        migrator.register("after the failure") { try $0.execute("CREATE TABLE shops (id INTEGER PRIMARY KEY)") }

        XCTAssertThrowsError(try migrator.migrate(database)) { error in
            XCTAssertTrue(error is Broken)
        }
        XCTAssertEqual(try migrator.appliedIdentifiers(database), ["create stations"])
        XCTAssertEqual(try tableNames(), ["schema_migrations", "stations"])
    }

    func testMigratesThroughAPool() throws {
        let pool = try SQLitePool(path: directory.path("pooled.sqlite"))
        var migrator = Migrator()
        migrator.register("create orders") { try $0.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY)") }
        try migrator.migrate(pool)
        XCTAssertEqual(try pool.read { try migrator.appliedIdentifiers($0) }, ["create orders"])
        XCTAssertEqual(migrator.identifiers, ["create orders"])
    }
}
