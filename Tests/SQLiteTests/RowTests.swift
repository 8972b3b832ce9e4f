import SQLite
import Storage
import XCTest

final class RowTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var row: Row!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(path: directory.path("rows.sqlite"))
        row = try database.queryOne(
            """
            SELECT 42 AS price, 'G1' AS code, 2.5 AS distance, NULL AS note, 1 AS paid, x'0102' AS photo
            """)
    }

    override func tearDown() {
        row = nil
        directory = nil
    }

    func testReadsByNameAndIndex() {
        XCTAssertEqual(row.columnNames, ["price", "code", "distance", "note", "paid", "photo"])
        XCTAssertEqual(row["price"], 42)
        XCTAssertEqual(row["PRICE"], 42, "column names compare case-insensitively, as in SQLite")
        XCTAssertEqual(row[1], "G1")
        XCTAssertEqual(row["note"], .null)
        XCTAssertEqual(row["missing"], .null)
        XCTAssertEqual(row[99], .null)
        XCTAssertTrue(row.hasColumn("code"))
        XCTAssertFalse(row.hasColumn("missing"))
    }

    func testTypedAccessors() throws {
        XCTAssertEqual(try row.int("price"), 42)
        XCTAssertEqual(try row.int(0), 42)
        XCTAssertEqual(try row.int64("price"), 42)
        XCTAssertEqual(try row.string("code"), "G1")
        XCTAssertEqual(try row.double("distance"), 2.5)
        XCTAssertEqual(try row.double("price"), 42, "integers read as doubles")
        XCTAssertEqual(try row.bool("paid"), true)
        XCTAssertEqual(try row.blob("photo"), [1, 2])
        XCTAssertNil(try row.optionalString("note"))
        XCTAssertNil(try row.optionalInt("note"))
        XCTAssertEqual(try row.optionalInt("price"), 42)
        XCTAssertEqual(try row.optionalString("code"), "G1")
        XCTAssertEqual(try row.decode("price", as: SQLValue.self), 42)
    }

    func testMissingColumnThrowsAClearError() {
        XCTAssertThrowsError(try row.int("prise")) { error in
            XCTAssertEqual(
                (error as? RowDecodingError)?.message,
                "no column \"prise\" in the row; columns are: price, code, distance, note, paid, photo"
            )
        }
        XCTAssertThrowsError(try row.string(6)) { error in
            XCTAssertEqual((error as? RowDecodingError)?.message, "no column 6 in the row; columns are: price, code, distance, note, paid, photo")
        }
    }

    func testWrongTypeAndNullThrowClearErrors() {
        XCTAssertThrowsError(try row.int("code")) { error in
            XCTAssertEqual((error as? RowDecodingError)?.message, "column \"code\" holds text, expected Int")
        }
        XCTAssertThrowsError(try row.string("note")) { error in
            XCTAssertEqual((error as? RowDecodingError)?.message, "column \"note\" holds NULL, expected String")
        }
        XCTAssertThrowsError(try row.optionalInt("code"))
    }

    func testValueLiteralsAndBindables() {
        let values: [SQLValue] = [nil, 1, 2.5, "text", true, false]
        XCTAssertEqual(values, [.null, .integer(1), .real(2.5), .text("text"), .integer(1), .integer(0)])
        XCTAssertEqual(SQLValue(Optional<Int>.none), .null)
        XCTAssertEqual(SQLValue(Int64(7)), .integer(7))
        XCTAssertEqual(SQLValue([UInt8]([9])), .blob([9]))
        XCTAssertEqual(String?(sqlValue: .null), .some(nil))
        XCTAssertTrue(String?(sqlValue: .integer(1)) == nil, "text expected, integer found")
    }
}
