import PostgreSQL
import Storage
import XCTest

final class StatementCacheTests: PostgresTestCase {
    private struct Refused: Error {}

    override func setUpWithError() throws {
        try super.setUpWithError()
        try connection.execute("CREATE TABLE trains (id BIGINT PRIMARY KEY, code TEXT NOT NULL)")
    }

    /// The statements prepared on `connection` whose text contains `fragment`.
    private func preparedCount(containing fragment: String, on connection: PostgresConnection) throws -> Int {
        try connection.queryOne("SELECT COUNT(*) FROM pg_prepared_statements WHERE statement LIKE ?", [SQLValue.text("%\(fragment)%")])?.int(0) ?? -1
    }

    func testTheSameSQLIsPreparedOnceAndReused() throws {
        for id in 1...5 {
            try connection.run("INSERT INTO trains (id, code) VALUES (?, ?)", [SQLValue.integer(Int64(id)), SQLValue.text("G\(id)")])
        }
        XCTAssertEqual(try preparedCount(containing: "INSERT INTO trains (id, code) VALUES ($1, $2)", on: connection), 1)
        XCTAssertEqual(try connection.queryOne("SELECT COUNT(*) FROM trains")?.int(0), 5)
    }

    func testValuesOfAnotherTypePrepareTheStatementAgain() throws {
        XCTAssertEqual(try connection.queryOne("SELECT ? AS echoed", [5])?["echoed"], SQLValue.integer(5))
        XCTAssertEqual(try connection.queryOne("SELECT ? AS echoed", [SQLValue.null])?["echoed"], SQLValue.null)
        XCTAssertEqual(try connection.queryOne("SELECT ? AS echoed", ["five"])?["echoed"], "five")
        XCTAssertEqual(try connection.queryOne("SELECT ? AS echoed", [SQLValue.real(5.5)])?["echoed"], SQLValue.real(5.5))
        XCTAssertEqual(try connection.queryOne("SELECT ? AS echoed", [SQLValue.blob([5])])?["echoed"], SQLValue.blob([5]))
        XCTAssertEqual(try preparedCount(containing: "SELECT $1 AS echoed", on: connection), 1, "the outdated ones are deallocated")
    }

    func testBeyondItsCapacityTheCacheStartsOver() throws {
        let small = try connect(PostgresOptions(statementCacheCapacity: 4))
        for number in 1...9 {
            XCTAssertEqual(try small.queryOne("SELECT ?::bigint + \(number)", [1])?.int(0), 1 + number)
        }
        let prepared = try preparedCount(containing: "$1::bigint +", on: small)
        XCTAssertTrue((1...4).contains(prepared), "\(prepared) statements prepared")
    }

    func testAStatementIsPreparedAgainAfterItsTableChanged() throws {
        try connection.run("INSERT INTO trains (id, code) VALUES (1, 'G1')")
        XCTAssertEqual(try connection.queryOne("SELECT * FROM trains")?.columnNames, ["id", "code"])
        try connection.execute("ALTER TABLE trains ADD COLUMN seats BIGINT NOT NULL DEFAULT 1200")
        let row = try connection.queryOne("SELECT * FROM trains")
        XCTAssertEqual(row?.columnNames, ["id", "code", "seats"])
        XCTAssertEqual(try row?.int("seats"), 1200)
    }

    func testAStatementPreparedInARolledBackTransactionStaysUsable() throws {
        XCTAssertThrowsError(
            try connection.write { connection in
                try connection.run("INSERT INTO trains (id, code) VALUES (?, ?)", [1, "G1"])
                throw Refused()
            })
        try connection.run("INSERT INTO trains (id, code) VALUES (?, ?)", [2, "G2"])
        XCTAssertEqual(try connection.query("SELECT id FROM trains").map { try $0.int(0) }, [2])
    }

    func testAStatementDeallocatedBehindTheCachesBackIsPreparedAgain() throws {
        XCTAssertEqual(try connection.queryOne("SELECT COUNT(*) FROM trains")?.int(0), 0)
        try connection.execute("DEALLOCATE ALL")
        XCTAssertEqual(try connection.queryOne("SELECT COUNT(*) FROM trains")?.int(0), 0)
    }
}
