import Foundation
import Locking
import SQLite
import Storage
import XCTest

final class DatabasePoolTests: XCTestCase {
    /// Errors thrown on worker threads, checked on the test thread afterwards.
    private final class ErrorLog: Sendable {
        private let errors = Locked<[any Error]>([])

        func record(_ body: () throws -> Void) {
            do { try body() } catch { errors.withLock { $0.append(error) } }
        }

        var recorded: [any Error] { errors.withLock { $0 } }
    }

    /// Counts read on worker threads.
    private final class SeenCounts: Sendable {
        private let counts = Locked<[Int?]>([])

        func append(_ count: Int?) {
            counts.withLock { $0.append(count) }
        }

        var values: [Int?] { counts.withLock { $0 } }
    }

    private struct Inconsistent: Error, CustomStringConvertible {
        let description: String
    }

    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory = nil
    }

    func testConcurrentWritesAreSerialisedAndAllCounted() throws {
        let pool = try SQLitePool(path: directory.path("counter.sqlite"))
        try pool.write { try $0.execute("CREATE TABLE counter (value INTEGER NOT NULL); INSERT INTO counter VALUES (0)") }
        let log = ErrorLog()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<200 {
                log.record {
                    try pool.write { database in
                        // Read, then write back: lost updates would show if writes overlapped.
                        let value = try database.queryOne("SELECT value FROM counter")?.int("value") ?? 0
                        try database.run("UPDATE counter SET value = ?", [value + 1])
                    }
                }
            }
        }
        XCTAssertTrue(log.recorded.isEmpty, "\(log.recorded)")
        XCTAssertEqual(try pool.read { try $0.queryOne("SELECT value FROM counter")?.int(0) }, 1600)
    }

    func testReadsConcurrentWithWritesSeeOnlyCommittedData() throws {
        let pool = try SQLitePool(path: directory.path("accounts.sqlite"), maximumReaderCount: 3)
        try pool.write { database in
            try database.execute(
                """
                CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
                INSERT INTO accounts (id, balance) VALUES (1, 1000), (2, 1000);
                CREATE TABLE transfers (id INTEGER PRIMARY KEY);
                """)
        }
        let log = ErrorLog()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for iteration in 0..<100 {
                log.record {
                    // Every worker mixes writes and reads, so they overlap on both cores.
                    if (worker + iteration) % 3 == 0 {
                        try pool.write { database in
                            try database.run("UPDATE accounts SET balance = balance - 1 WHERE id = 1")
                            try database.run("UPDATE accounts SET balance = balance + 1 WHERE id = 2")
                            try database.run("INSERT INTO transfers DEFAULT VALUES")
                        }
                    } else {
                        try pool.read { database in
                            let total = try database.queryOne("SELECT SUM(balance) FROM accounts")?.int(0)
                            let moved = try database.queryOne("SELECT 1000 - balance FROM accounts WHERE id = 1")?.int(0)
                            let transfers = try database.queryOne("SELECT COUNT(*) FROM transfers")?.int(0)
                            guard total == 2000, moved == transfers else {
                                throw Inconsistent(description: "total \(total ?? -1), moved \(moved ?? -1), transfers \(transfers ?? -1)")
                            }
                        }
                    }
                }
            }
        }
        XCTAssertTrue(log.recorded.isEmpty, "\(log.recorded)")
        let expectedTransfers = (0..<8).flatMap { worker in (0..<100).filter { (worker + $0) % 3 == 0 } }.count
        let received = try pool.read { try $0.queryOne("SELECT balance FROM accounts WHERE id = 2")?.int(0) }
        XCTAssertEqual(received, 1000 + expectedTransfers)
    }

    func testAReadSeesWhatAnEarlierWriteCommitted() throws {
        let pool = try SQLitePool(path: directory.path("visible.sqlite"))
        try pool.write { try $0.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY)") }
        XCTAssertEqual(try pool.read { try $0.query("SELECT id FROM orders").count }, 0)
        _ = try pool.write { try $0.run("INSERT INTO orders (id) VALUES (?)", [7]) }
        XCTAssertEqual(try pool.read { try $0.queryOne("SELECT id FROM orders")?.int("id") }, 7)
    }

    func testReaderConnectionsRefuseWrites() throws {
        let pool = try SQLitePool(path: directory.path("readonly.sqlite"))
        try pool.write { try $0.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY)") }
        XCTAssertThrowsError(try pool.read { try $0.run("INSERT INTO orders (id) VALUES (1)") })
    }

    func testANestedReadJoinsItsReadWhenEveryReaderIsCheckedOut() throws {
        let pool = try SQLitePool(path: directory.path("nested.sqlite"), maximumReaderCount: 2)
        try pool.write { try $0.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY); INSERT INTO orders (id) VALUES (1)") }
        let inside = DispatchSemaphore(value: 0)
        let goOn = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        let log = ErrorLog()
        let seen = SeenCounts()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: finished) {
                log.record {
                    try pool.read { outer in
                        _ = try outer.query("SELECT id FROM orders") // the snapshot starts here
                        inside.signal()
                        goOn.wait()
                        seen.append(try pool.read { try $0.queryOne("SELECT COUNT(*) FROM orders")?.int(0) })
                    }
                }
            }
        }
        inside.wait()
        inside.wait() // both readers are checked out now
        _ = try pool.write { try $0.run("INSERT INTO orders (id) VALUES (2)") }
        goOn.signal()
        goOn.signal()
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success, "a nested read waited for a reader of its own")
        XCTAssertTrue(log.recorded.isEmpty, "\(log.recorded)")
        XCTAssertEqual(seen.values, [1, 1], "the nested read saw its read's snapshot, not the later write")
    }

    func testAReadInsideAWriteJoinsItAndSeesWhatItWrote() throws {
        let pool = try SQLitePool(path: directory.path("joined.sqlite"))
        try pool.write { try $0.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY)") }
        let counts = try pool.write { db in
            try db.run("INSERT INTO orders (id) VALUES (1)")
            return try pool.read { db in
                try (db.queryOne("SELECT COUNT(*) FROM orders")?.int(0), pool.read { try $0.queryOne("SELECT COUNT(*) FROM orders")?.int(0) })
            }
        }
        XCTAssertEqual(counts.0, 1)
        XCTAssertEqual(counts.1, 1)
    }

    func testAWriteInsideAReadIsRefusedBeforeItsBodyRuns() throws {
        let pool = try SQLitePool(path: directory.path("refused.sqlite"))
        try pool.write { try $0.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY)") }
        var bodiesRun = 0
        XCTAssertThrowsError(
            try pool.read { _ in
                try pool.write { db in
                    bodiesRun += 1
                    try db.run("INSERT INTO orders (id) VALUES (1)")
                }
            }
        ) { error in
            XCTAssertEqual(error as? TransactionNestingError, TransactionNestingError(.writeInsideRead))
        }
        XCTAssertThrowsError(
            try pool.write { _ in
                try pool.read { _ in
                    try pool.write { db in
                        bodiesRun += 1
                        try db.run("INSERT INTO orders (id) VALUES (2)")
                    }
                }
            }
        ) { error in
            XCTAssertEqual(error as? TransactionNestingError, TransactionNestingError(.writeInsideRead), "also in a read that joined a write")
        }
        XCTAssertThrowsError(try pool.read { db in try db.write { _ in bodiesRun += 1 } }) { error in
            XCTAssertEqual(error as? TransactionNestingError, TransactionNestingError(.writeInsideRead), "also on the read's connection")
        }
        XCTAssertEqual(bodiesRun, 0)
        XCTAssertEqual(try pool.read { try $0.queryOne("SELECT COUNT(*) FROM orders")?.int(0) }, 0)
        XCTAssertEqual(try pool.read { _ in 1 }, 1, "the refused reads gave their readers back")
    }

    func testWorkWithoutATransactionIsRefusedInsideOne() throws {
        let pool = try SQLitePool(path: directory.path("exclusive.sqlite"))
        XCTAssertThrowsError(try pool.read { _ in try pool.writeWithoutTransaction { _ in } }) { error in
            XCTAssertEqual(error as? TransactionNestingError, TransactionNestingError(.writeInsideRead))
        }
        XCTAssertThrowsError(try pool.write { _ in try pool.writeWithoutTransaction { _ in } }) { error in
            XCTAssertEqual(error as? TransactionNestingError, TransactionNestingError(.withoutTransactionInsideTransaction))
        }
        let counted = try pool.writeWithoutTransaction { _ in
            try pool.write { try $0.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY); INSERT INTO orders (id) VALUES (1)") }
            return try pool.read { try $0.queryOne("SELECT COUNT(*) FROM orders")?.int(0) }
        }
        XCTAssertEqual(counted, 1, "inside it, reads and writes open transactions of their own")
    }

    func testClosedPoolThrows() throws {
        let pool = try SQLitePool(path: directory.path("closed.sqlite"))
        _ = try pool.read { try $0.query("SELECT 1") }
        pool.close()
        XCTAssertThrowsError(try pool.read { _ in }) { error in
            XCTAssertEqual((error as? SQLiteError)?.message, "the database pool is closed")
        }
        XCTAssertThrowsError(try pool.write { _ in })
    }
}
