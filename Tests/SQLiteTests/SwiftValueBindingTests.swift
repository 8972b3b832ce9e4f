import Foundation
import SQLite
import Storage
import XCTest

final class SwiftValueBindingTests: XCTestCase {
    private enum Status: String, SQLBindable {
        case unpaid, paid
    }

    private enum Priority: Int, SQLBindable {
        case low = 1
        case high = 2
    }

    private var directory: TemporaryDirectory!
    private var database: SQLiteDatabase!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        database = try SQLiteDatabase(path: directory.path("values.sqlite"))
        try database.execute(
            """
            CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT, priority INTEGER, note TEXT, paid INTEGER, receipt BLOB)
            """)
    }

    override func tearDown() {
        database = nil
        directory = nil
    }

    func testBindsSwiftValuesAsTheyAre() throws {
        let note: String? = nil
        try database.run(
            "INSERT INTO orders (id, status, priority, note, paid, receipt) VALUES (?, ?, ?, ?, ?, ?)",
            [7, Status.paid, Priority.high, note, true, Data([1, 2])])
        let row = try XCTUnwrap(try database.queryOne("SELECT status, priority, note, paid, receipt FROM orders WHERE id = ?", [7]))
        XCTAssertEqual(row.values, [.text("paid"), .integer(2), .null, .integer(1), .blob([1, 2])])
        XCTAssertEqual(try row.decode(Status.self, "status"), .paid)
        XCTAssertEqual(try row.decode(Priority.self, "priority"), .high)
        XCTAssertEqual(try row.decode(Data.self, "receipt"), Data([1, 2]))
        XCTAssertNil(try row.decode(Status?.self, "note"))
    }

    func testBindsByNameWithSwiftValues() throws {
        try database.run("INSERT INTO orders (id, status) VALUES (:id, :status)", ["id": 3, "status": Status.unpaid])
        XCTAssertEqual(try database.queryOne("SELECT status FROM orders WHERE id = :id", ["id": 3])?.decode(Status.self, "status"), .unpaid)
    }

    func testAnUnknownEnumValueIsAnErrorNamingTheColumnNotTheValue() throws {
        try database.run("INSERT INTO orders (id, status, priority) VALUES (1, 'mislaid', 9)")
        let row = try XCTUnwrap(try database.queryOne("SELECT status, priority FROM orders"))
        XCTAssertThrowsError(try row.decode(Status.self, "status")) { error in
            XCTAssertEqual((error as? RowDecodingError)?.message, "column \"status\" holds text that names no Status")
        }
        XCTAssertThrowsError(try row.decode(Priority?.self, "priority")) { error in
            XCTAssertEqual((error as? RowDecodingError)?.message, "column \"priority\" holds an integer that names no Priority")
        }
        XCTAssertThrowsError(try row.decode(Priority.self, "status")) { error in
            XCTAssertEqual((error as? RowDecodingError)?.message, "column \"status\" holds text, expected Priority")
        }
    }
}
