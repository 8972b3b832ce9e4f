import SQLite
import Storage
import XCTest

final class SQLiteErrorTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory = nil
    }

    func testUniqueViolationCarriesCodesMessageAndSQLButNoValues() throws {
        let database = try SQLiteDatabase(path: directory.path("errors.sqlite"))
        try database.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE)")
        let sql = "INSERT INTO users (email) VALUES (?)"
        try database.run(sql, ["li.wei@example.com"])
        XCTAssertThrowsError(try database.run(sql, ["li.wei@example.com"])) { error in
            guard let error = error as? SQLiteError else { return XCTFail("not a SQLiteError: \(error)") }
            XCTAssertEqual(error.code, 19, "SQLITE_CONSTRAINT")
            XCTAssertEqual(error.extendedCode, 2067, "SQLITE_CONSTRAINT_UNIQUE")
            XCTAssertEqual(error.message, "UNIQUE constraint failed: users.email")
            XCTAssertEqual(error.sql, sql)
            XCTAssertTrue(error.isConstraintViolation)
            XCTAssertTrue(error.isUniqueConstraintViolation)
            XCTAssertFalse(error.isBusy)
            XCTAssertFalse(error.description.contains("li.wei"), "bound values never appear")
            XCTAssertTrue(error.description.contains(sql))
        }
    }

    func testNotNullViolationIsAConstraintButNotUnique() throws {
        let database = try SQLiteDatabase(path: directory.path("errors.sqlite"))
        try database.execute("CREATE TABLE users (email TEXT NOT NULL)")
        XCTAssertThrowsError(try database.run("INSERT INTO users (email) VALUES (?)", [SQLValue.null])) { error in
            let error = error as? SQLiteError
            XCTAssertEqual(error?.isConstraintViolation, true)
            XCTAssertEqual(error?.isUniqueConstraintViolation, false)
        }
    }

    func testSyntaxErrorCarriesTheSQL() throws {
        let database = try SQLiteDatabase(path: directory.path("errors.sqlite"))
        XCTAssertThrowsError(try database.query("SELEC 1")) { error in
            let error = error as? SQLiteError
            XCTAssertEqual(error?.code, 1, "SQLITE_ERROR")
            XCTAssertEqual(error?.sql, "SELEC 1")
            XCTAssertEqual(error?.message.contains("syntax error"), true)
        }
        XCTAssertThrowsError(try database.execute("CREATE TABLE t (a); BOGUS")) { error in
            XCTAssertEqual((error as? SQLiteError)?.sql, "CREATE TABLE t (a); BOGUS")
        }
    }

    func testBusyErrorIsRecognised() throws {
        let path = directory.path("busy.sqlite")
        let holder = try SQLiteDatabase(path: path)
        let waiter = try SQLiteDatabase(path: path, options: SQLiteOptions(busyTimeoutMilliseconds: 10))
        try holder.execute("BEGIN IMMEDIATE")
        XCTAssertThrowsError(try waiter.write { _ in }) { error in
            XCTAssertEqual((error as? SQLiteError)?.isBusy, true)
        }
        try holder.execute("COMMIT")
        XCTAssertNoThrow(try waiter.write { _ in })
    }
}
