import Foundation
import SQLite
import Storage
import XCTest

final class TransactionTests: XCTestCase {
    private struct Refused: Error {}

    private var directory: TemporaryDirectory!
    private var database: SQLiteDatabase!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        database = try SQLiteDatabase(path: directory.path("transactions.sqlite"))
        try database.execute("CREATE TABLE seats (id INTEGER PRIMARY KEY, number TEXT NOT NULL UNIQUE)")
    }

    override func tearDown() {
        database = nil
        directory = nil
    }

    private func seatCount() throws -> Int {
        try database.queryOne("SELECT COUNT(*) FROM seats")?.int(0) ?? -1
    }

    func testWriteCommitsAndReturnsTheResult() throws {
        let identifier = try database.write { database in
            try database.insert("INSERT INTO seats (number) VALUES (?) RETURNING id", ["01A"])
        }
        XCTAssertEqual(identifier, 1)
        XCTAssertFalse(database.isInsideTransaction)
        XCTAssertEqual(try seatCount(), 1)
    }

    func testWriteRollsBackEverythingWhenTheBodyThrows() throws {
        XCTAssertThrowsError(
            try database.write { database in
                try database.run("INSERT INTO seats (number) VALUES (?)", ["01A"])
                try database.run("INSERT INTO seats (number) VALUES (?)", ["01B"])
                throw Refused()
            }
        ) { error in
            XCTAssertTrue(error is Refused)
        }
        XCTAssertFalse(database.isInsideTransaction)
        XCTAssertEqual(try seatCount(), 0, "no half-written rows")
    }

    func testWriteRollsBackWhenAStatementFails() throws {
        XCTAssertThrowsError(
            try database.write { database in
                try database.run("INSERT INTO seats (number) VALUES (?)", ["01A"])
                try database.run("INSERT INTO seats (number) VALUES (?)", ["01A"])
            })
        XCTAssertEqual(try seatCount(), 0)
    }

    func testNestedWriteIsASavepointThatRollsBackAlone() throws {
        try database.write { database in
            try database.run("INSERT INTO seats (number) VALUES (?)", ["01A"])
            XCTAssertThrowsError(
                try database.write { database in
                    try database.run("INSERT INTO seats (number) VALUES (?)", ["01B"])
                    throw Refused()
                })
            _ = try database.write { database in
                try database.run("INSERT INTO seats (number) VALUES (?)", ["01C"])
            }
        }
        let numbers = try database.query("SELECT number FROM seats ORDER BY number").map { try $0.string(0) }
        XCTAssertEqual(numbers, ["01A", "01C"])
    }

    func testReadSeesOneSnapshotAndEndsItsTransaction() throws {
        try database.run("INSERT INTO seats (number) VALUES (?)", ["01A"])
        let connection = database!
        let count = try database.read { database in
            XCTAssertTrue(connection.isInsideTransaction)
            return try database.queryOne("SELECT COUNT(*) AS count FROM seats")?.int("count")
        }
        XCTAssertEqual(count, 1)
        XCTAssertFalse(database.isInsideTransaction)
    }

    func testAWriteInsideAReadIsRefusedAtOnce() throws {
        var bodyRan = false
        XCTAssertThrowsError(
            try database.read { database in
                try database.write { database in
                    bodyRan = true
                    try database.run("INSERT INTO seats (number) VALUES (?)", ["01A"])
                }
            }
        ) { error in
            XCTAssertEqual(error as? TransactionNestingError, TransactionNestingError(.writeInsideRead))
        }
        XCTAssertFalse(bodyRan)
        XCTAssertFalse(database.isInsideTransaction)
        XCTAssertFalse(database.isReading)
        XCTAssertEqual(try seatCount(), 0)
    }

    func testAReadInsideAWriteJoinsIt() throws {
        let count = try database.write { database in
            try database.run("INSERT INTO seats (number) VALUES (?)", ["01A"])
            return try database.read { try $0.queryOne("SELECT COUNT(*) FROM seats")?.int(0) }
        }
        XCTAssertEqual(count, 1)
    }

    func testWriteWaitsForAnotherConnectionsLock() throws {
        let path = directory.path("transactions.sqlite")
        let locked = DispatchSemaphore(value: 0)
        let holder = Thread {
            let other = try? SQLiteDatabase(path: path)
            try? other?.execute("BEGIN IMMEDIATE")
            locked.signal()
            Thread.sleep(forTimeInterval: 0.2)
            try? other?.execute("COMMIT")
        }
        holder.start()
        locked.wait()
        let started = ContinuousClock.now
        _ = try database.write { try $0.run("INSERT INTO seats (number) VALUES (?)", ["02A"]) }
        XCTAssertGreaterThan(ContinuousClock.now - started, .milliseconds(100))
        XCTAssertEqual(try seatCount(), 1)
    }
}
