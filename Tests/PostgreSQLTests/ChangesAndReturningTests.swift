import PostgreSQL
import Storage
import XCTest

final class ChangesAndReturningTests: PostgresTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try connection.execute(
            """
            CREATE TABLE seats (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, number TEXT NOT NULL, free INTEGER NOT NULL)
            """)
    }

    func testRunReturnsTheRowsItChanged() throws {
        XCTAssertEqual(try connection.run("INSERT INTO seats (number, free) VALUES (?, 1), (?, 1), (?, 0)", ["01A", "01B", "01C"]), 3)
        XCTAssertEqual(try connection.run("UPDATE seats SET free = 0 WHERE free = ?", [1]), 2)
        XCTAssertEqual(try connection.run("SELECT id FROM seats"), 0, "a SELECT changes nothing")
        XCTAssertEqual(try connection.run("CREATE INDEX seats_by_free ON seats (free)"), 0)
        XCTAssertEqual(try connection.run("UPDATE seats SET free = 1 WHERE number = ?", ["99Z"]), 0)
        XCTAssertEqual(try connection.run("DELETE FROM seats"), 3)
    }

    func testReturningGivesTheNewRowsBack() throws {
        let rows = try connection.query(
            "INSERT INTO seats (number, free) VALUES (?, 1), (?, 1) RETURNING id, number", ["02A", "02B"]
        )
        XCTAssertEqual(try rows.map { try $0.string("number") }, ["02A", "02B"])
        let ids = try rows.map { try $0.int("id") }
        XCTAssertEqual(ids.count, 2)
        XCTAssertLessThan(ids[0], ids[1])
        let updated = try connection.queryOne("UPDATE seats SET free = 0 WHERE id = ? RETURNING number, free", [SQLValue.integer(Int64(ids[1]))])
        XCTAssertEqual(try updated?.string("number"), "02B")
        XCTAssertEqual(try updated?.int("free"), 0)
    }

    func testRecordsBuildThemselvesFromRows() throws {
        struct Seat: RowDecodable, Equatable {
            let number: String
            let isFree: Bool
            init(number: String, isFree: Bool) {
                self.number = number
                self.isFree = isFree
            }
            init(row: Row) throws {
                number = try row.string("number")
                isFree = try row.bool("free")
            }
        }
        try connection.run("INSERT INTO seats (number, free) VALUES ('03A', 1), ('03B', 0)")
        XCTAssertEqual(
            try connection.query(Seat.self, "SELECT number, free FROM seats ORDER BY number"),
            [Seat(number: "03A", isFree: true), Seat(number: "03B", isFree: false)])
        XCTAssertEqual(
            try connection.queryOne(Seat.self, "SELECT number, free FROM seats WHERE number = ?", ["03B"]),
            Seat(number: "03B", isFree: false))
        XCTAssertNil(try connection.queryOne(Seat.self, "SELECT number, free FROM seats WHERE number = ?", ["99Z"]))
    }
}
