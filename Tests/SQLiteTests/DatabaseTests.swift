import Foundation
import SQLite
import Storage
import XCTest

final class DatabaseTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory = nil
    }

    func testOpeningCreatesTheFileInWALMode() throws {
        let path = directory.path("new.sqlite")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        let database = try SQLiteDatabase(path: path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(try database.queryOne("PRAGMA journal_mode")?.string(0), "wal")
        XCTAssertEqual(try database.queryOne("PRAGMA busy_timeout")?.int(0), 5000)
        XCTAssertEqual(try database.queryOne("PRAGMA foreign_keys")?.bool(0), true)
        XCTAssertEqual(try database.queryOne("PRAGMA synchronous")?.int(0), 1, "NORMAL is 1")
    }

    func testSynchronousModeIsConfigurable() throws {
        let database = try SQLiteDatabase(path: directory.path("full.sqlite"), synchronous: .full)
        XCTAssertEqual(try database.queryOne("PRAGMA synchronous")?.int(0), 2, "FULL is 2")
        let options = SQLiteOptions(busyTimeoutMilliseconds: 250, synchronous: .off)
        let other = try SQLiteDatabase(path: directory.path("off.sqlite"), options: options)
        XCTAssertEqual(try other.queryOne("PRAGMA synchronous")?.int(0), 0)
        XCTAssertEqual(try other.queryOne("PRAGMA busy_timeout")?.int(0), 250)
    }

    func testForeignKeysAreEnforced() throws {
        let database = try SQLiteDatabase(path: directory.path("keys.sqlite"))
        try database.execute(
            """
            CREATE TABLE stations (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE stops (id INTEGER PRIMARY KEY, station_id INTEGER NOT NULL REFERENCES stations (id));
            """)
        XCTAssertThrowsError(try database.run("INSERT INTO stops (station_id) VALUES (?)", [42])) { error in
            let error = error as? SQLiteError
            XCTAssertEqual(error?.isConstraintViolation, true)
            XCTAssertEqual(error?.isForeignKeyViolation, true)
            XCTAssertEqual(error?.isUniqueConstraintViolation, false)
        }
    }

    func testRunReturnsTheRowsItChangedAndInsertsReportTheirRowID() throws {
        let database = try SQLiteDatabase(path: directory.path("run.sqlite"))
        try database.execute("CREATE TABLE trains (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, seats INTEGER NOT NULL)")
        XCTAssertEqual(try database.run("INSERT INTO trains (code, seats) VALUES (?, ?)", ["G1", 500]), 1)
        XCTAssertEqual(database.lastInsertedRowID, 1)
        XCTAssertEqual(try database.run("INSERT INTO trains (code, seats) VALUES (:code, :seats)", ["code": "G3", "seats": 600]), 1)
        XCTAssertEqual(database.lastInsertedRowID, 2)
        XCTAssertEqual(try database.run("UPDATE trains SET seats = seats + 1"), 2)
        XCTAssertEqual(try database.run("UPDATE trains SET seats = 0 WHERE code = ?", ["G9"]), 0, "a guarded UPDATE that matched nothing")
        XCTAssertEqual(try database.run("INSERT INTO trains (code, seats) VALUES ('G1', 1) ON CONFLICT (code) DO NOTHING"), 0)
        XCTAssertEqual(try database.run("UPDATE trains SET seats = seats + 1"), 2)
        XCTAssertEqual(try database.run("CREATE INDEX trains_by_seats ON trains (seats)"), 0, "not the count of the UPDATE before it")
        XCTAssertEqual(try database.run("SELECT code FROM trains"), 0)
        XCTAssertEqual(try database.run("DELETE FROM trains"), 2)
        try database.run("INSERT INTO trains (code, seats) VALUES (?, ?), (?, ?)", ["G1", 500, "G3", 600])
        XCTAssertEqual(try database.query("SELECT code FROM trains ORDER BY id").map { try $0.string("code") }, ["G1", "G3"])
        XCTAssertNil(try database.queryOne("SELECT code FROM trains WHERE seats > ?", [10_000]))
    }

    func testRecordsDecodeThemselvesFromRows() throws {
        struct Train: RowDecodable, Equatable {
            let code: String
            let seats: Int
            init(code: String, seats: Int) {
                self.code = code
                self.seats = seats
            }
            init(row: Row) throws {
                code = try row.string("code")
                seats = try row.int("seats")
            }
        }
        let database = try SQLiteDatabase(path: directory.path("records.sqlite"))
        try database.execute(
            """
            CREATE TABLE trains (code TEXT NOT NULL, seats INTEGER NOT NULL);
            INSERT INTO trains (code, seats) VALUES ('G1', 500), ('D5', 300);
            """)
        let trains = try database.query(Train.self, "SELECT code, seats FROM trains ORDER BY seats")
        XCTAssertEqual(trains, [Train(code: "D5", seats: 300), Train(code: "G1", seats: 500)])
        XCTAssertEqual(try database.queryOne(Train.self, "SELECT code, seats FROM trains WHERE code = ?", ["G1"])?.seats, 500)
        XCTAssertThrowsError(try database.query(Train.self, "SELECT code FROM trains"))
    }

    func testClosedDatabaseThrowsInsteadOfCrashing() throws {
        let database = try SQLiteDatabase(path: directory.path("closed.sqlite"))
        let statement = try database.prepare("SELECT 1")
        database.close()
        database.close()
        XCTAssertTrue(database.isClosed)
        XCTAssertThrowsError(try database.execute("SELECT 1")) { error in
            XCTAssertEqual((error as? SQLiteError)?.message, "the database connection is closed")
        }
        _ = try? statement.rows() // a statement outliving its connection must not crash
    }

    func testOpeningAnImpossiblePathThrows() {
        XCTAssertThrowsError(try SQLiteDatabase(path: directory.path("missing-directory/railbook.sqlite"))) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, 14, "SQLITE_CANTOPEN")
        }
    }
}
