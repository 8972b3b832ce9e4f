import SQLite
import Storage
import XCTest

final class StatementTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var database: SQLiteDatabase!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        database = try SQLiteDatabase(path: directory.path("statements.sqlite"))
        try database.execute("CREATE TABLE passengers (id INTEGER PRIMARY KEY, name TEXT, age INTEGER, photo BLOB)")
    }

    override func tearDown() {
        database = nil
        directory = nil
    }

    func testBindsByIndex() throws {
        let insert = try database.prepare("INSERT INTO passengers (name, age, photo) VALUES (?, ?, ?)")
        XCTAssertEqual(insert.parameterCount, 3)
        try insert.bind(["Li Wei", 34, [UInt8]([1, 2, 3])])
        try insert.run()
        try insert.bind(["", SQLValue.null, [UInt8]()])
        try insert.run()
        let rows = try database.query("SELECT name, age, photo FROM passengers ORDER BY id")
        XCTAssertEqual(
            rows.map(\.values),
            [
                [.text("Li Wei"), .integer(34), .blob([1, 2, 3])],
                [.text(""), .null, .blob([])],
            ])
    }

    func testBindsByName() throws {
        let insert = try database.prepare("INSERT INTO passengers (name, age) VALUES (:name, :age)")
        try insert.bind(["name": "Zhang San", ":age": 28])
        try insert.run()
        let row = try database.queryOne("SELECT name, age FROM passengers WHERE name = :name", ["name": "Zhang San"])
        XCTAssertEqual(try row?.int("age"), 28)
        XCTAssertThrowsError(try insert.bind(["nickname": "Zhang"])) { error in
            XCTAssertEqual((error as? SQLiteError)?.message, "no parameter named \"nickname\"")
        }
    }

    func testWrongNumberOfValuesThrows() throws {
        let insert = try database.prepare("INSERT INTO passengers (name, age) VALUES (?, ?)")
        XCTAssertThrowsError(try insert.bind(["only a name"])) { error in
            XCTAssertEqual((error as? SQLiteError)?.message, "expected 2 values to bind, got 1")
        }
    }

    func testStepsThroughRowsOneByOne() throws {
        try database.execute("INSERT INTO passengers (name) VALUES ('A'), ('B')")
        let select = try database.prepare("SELECT name FROM passengers ORDER BY name")
        XCTAssertEqual(select.columnNames, ["name"])
        XCTAssertTrue(try select.step())
        XCTAssertEqual(select.currentRow()["name"], "A")
        XCTAssertTrue(try select.step())
        XCTAssertFalse(try select.step())
        select.reset()
        XCTAssertEqual(try select.rows().count, 2)
        XCTAssertEqual(try select.rows().count, 2, "rows() runs from the start every time")
    }

    func testCachedStatementIsReusedResetAndCleared() throws {
        let sql = "SELECT ? AS value"
        let first = try database.cached(sql)
        try first.bind([7])
        XCTAssertTrue(try first.step())
        let second = try database.cached(sql)
        XCTAssertTrue(first === second)
        XCTAssertEqual(try second.rows().first?["value"], .null, "bindings are cleared on reuse")
        XCTAssertFalse(try database.prepare(sql) === second, "prepare always makes a new statement")
    }

    func testPrepareRejectsSeveralStatementsButAcceptsTrailingComments() throws {
        XCTAssertThrowsError(try database.prepare("SELECT 1; SELECT 2")) { error in
            XCTAssertEqual((error as? SQLiteError)?.sql, "SELECT 1; SELECT 2")
        }
        XCTAssertNoThrow(try database.prepare("SELECT 1; -- the end"))
        XCTAssertThrowsError(try database.prepare("   "))
    }

    func testTextRoundTripsUnicodeAndEmbeddedNull() throws {
        let name = "北京南 \u{0}→ 上海虹桥 🚄"
        try database.run("INSERT INTO passengers (name) VALUES (?)", [name])
        XCTAssertEqual(try database.queryOne("SELECT name FROM passengers")?.string("name"), name)
    }
}
