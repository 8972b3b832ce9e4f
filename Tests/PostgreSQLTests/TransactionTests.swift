import PostgreSQL
import Storage
import XCTest

final class TransactionTests: PostgresTestCase {
    private struct Refused: Error {}

    private var observer: PostgresConnection!

    override func setUpWithError() throws {
        try super.setUpWithError()
        observer = try connect()
        try connection.execute("CREATE TABLE seats (number TEXT PRIMARY KEY)")
    }

    override func tearDownWithError() throws {
        observer = nil
        try super.tearDownWithError()
    }

    /// The seats another connection sees committed.
    private func committedSeats() throws -> [String] {
        try observer.query("SELECT number FROM seats ORDER BY number").map { try $0.string(0) }
    }

    func testWriteCommitsAndReturnsTheResult() throws {
        let count = try connection.write { connection in
            XCTAssertTrue(connection.postgres.isInsideTransaction)
            let inserted = try connection.run("INSERT INTO seats (number) VALUES (?), (?)", ["01A", "01B"])
            XCTAssertEqual(try committedSeats(), [], "nothing is visible before the commit")
            return inserted
        }
        XCTAssertEqual(count, 2)
        XCTAssertFalse(connection.isInsideTransaction)
        XCTAssertEqual(try committedSeats(), ["01A", "01B"])
    }

    func testWriteRunsAtReadCommitted() throws {
        let level = try connection.write { try $0.queryOne("SELECT current_setting('transaction_isolation')")?.string(0) }
        XCTAssertEqual(level, "read committed")
    }

    func testWriteRollsBackEverythingWhenTheBodyThrows() throws {
        XCTAssertThrowsError(
            try connection.write { connection in
                try connection.run("INSERT INTO seats (number) VALUES (?)", ["01A"])
                throw Refused()
            }
        ) { error in
            XCTAssertTrue(error is Refused)
        }
        XCTAssertFalse(connection.isInsideTransaction)
        XCTAssertEqual(try committedSeats(), [])
    }

    func testWriteRollsBackWhenAStatementFails() throws {
        XCTAssertThrowsError(
            try connection.write { connection in
                try connection.run("INSERT INTO seats (number) VALUES (?)", ["01A"])
                try connection.run("INSERT INTO seats (number) VALUES (?)", ["01A"])
            }
        ) { error in
            XCTAssertEqual((error as? PostgresError)?.kind, .uniqueViolation)
        }
        XCTAssertEqual(try committedSeats(), [])
    }

    func testABodyThatSwallowsAFailedStatementCannotCommit() throws {
        XCTAssertThrowsError(
            try connection.write { connection in
                try connection.run("INSERT INTO seats (number) VALUES (?)", ["01A"])
                _ = try? connection.run("INSERT INTO seats (number) VALUES (?)", ["01A"])
            }
        ) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "25P02")
        }
        XCTAssertFalse(connection.isInsideTransaction)
        XCTAssertEqual(try committedSeats(), [])
    }

    func testANestedWriteIsASavepointThatRollsBackAlone() throws {
        try connection.write { connection in
            try connection.run("INSERT INTO seats (number) VALUES ('01A')")
            XCTAssertThrowsError(
                try connection.write { connection in
                    try connection.run("INSERT INTO seats (number) VALUES ('01B')")
                    throw Refused()
                })
            try connection.write { connection in
                try connection.run("INSERT INTO seats (number) VALUES ('01C')")
                XCTAssertThrowsError(
                    try connection.write { connection in
                        try connection.run("INSERT INTO seats (number) VALUES ('01D')")
                        // A failed statement spoils only the innermost savepoint.
                        try connection.run("INSERT INTO seats (number) VALUES ('01A')")
                    })
                try connection.run("INSERT INTO seats (number) VALUES ('01E')")
            }
        }
        XCTAssertEqual(try committedSeats(), ["01A", "01C", "01E"])
    }

    func testAFailingOuterWriteRollsBackTheSavepointsItReleased() throws {
        XCTAssertThrowsError(
            try connection.write { connection in
                _ = try connection.write { try $0.run("INSERT INTO seats (number) VALUES ('01A')") }
                throw Refused()
            })
        XCTAssertEqual(try committedSeats(), [])
    }

    func testReadIsReadOnly() throws {
        XCTAssertThrowsError(try connection.read { try $0.run("INSERT INTO seats (number) VALUES ('01A')") }) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "25006")
        }
        XCTAssertFalse(connection.isInsideTransaction)
    }

    func testReadSeesOneSnapshot() throws {
        try connection.run("INSERT INTO seats (number) VALUES ('01A')")
        try connection.read { connection in
            XCTAssertEqual(try connection.queryOne("SELECT COUNT(*) FROM seats")?.int(0), 1)
            try observer.run("INSERT INTO seats (number) VALUES ('01B')")
            XCTAssertEqual(try connection.queryOne("SELECT COUNT(*) FROM seats")?.int(0), 1)
        }
        XCTAssertEqual(try connection.queryOne("SELECT COUNT(*) FROM seats")?.int(0), 2)
    }

    func testAWriteInsideAReadIsRefusedAtOnce() throws {
        var bodyRan = false
        XCTAssertThrowsError(
            try connection.read { connection in
                try connection.write { connection in
                    bodyRan = true
                    try connection.run("INSERT INTO seats (number) VALUES ('01A')")
                }
            }
        ) { error in
            XCTAssertEqual(error as? TransactionNestingError, TransactionNestingError(.writeInsideRead))
        }
        XCTAssertFalse(bodyRan)
        XCTAssertFalse(connection.isInsideTransaction)
        XCTAssertFalse(connection.isReading)
    }

    func testAReadInsideAWriteJoinsIt() throws {
        try connection.write { connection in
            try connection.run("INSERT INTO seats (number) VALUES ('01A')")
            XCTAssertEqual(try connection.read { try $0.queryOne("SELECT COUNT(*) FROM seats")?.int(0) }, 1)
        }
    }
}
