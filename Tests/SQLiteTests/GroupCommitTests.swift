import Foundation
import Locking
import SQLite
import Storage
import XCTest

/// Writes that arrive while a commit is being flushed are committed together, each in its own
/// savepoint: one that fails is rolled back alone and only its caller sees the error.
final class GroupCommitTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory = nil
    }

    private struct Refused: Error {}

    /// Runs `body` on `count` threads of their own at once and waits for all of them.
    private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let done = DispatchSemaphore(value: 0)
        for index in 0..<count {
            Thread {
                body(index)
                done.signal()
            }.start()
        }
        for _ in 0..<count { done.wait() }
    }

    /// A pool on a new file with an empty `bookings` table.
    private func bookingsPool(_ name: String) throws -> SQLitePool {
        let pool = try SQLitePool(path: directory.path(name), options: SQLiteOptions(synchronous: .full))
        try pool.write { try $0.execute("CREATE TABLE bookings (id INTEGER PRIMARY KEY, writer INTEGER NOT NULL, number INTEGER NOT NULL)") }
        return pool
    }

    /// Eight writers insert 50 bookings each at once; every fifth of writer 3 then calls `refuse`,
    /// which throws `Refused`. Returns how many writes were committed, refused, or failed otherwise
    /// (by their error).
    private func eightWriters(on pool: SQLitePool, refusing refuse: @escaping @Sendable (Database) throws -> Void) -> [String: Int] {
        let outcomes = Locked<[String: Int]>([:])
        onThreads(8) { writer in
            for number in 0..<50 {
                do {
                    try pool.write { db in
                        try db.run("INSERT INTO bookings (writer, number) VALUES (?, ?)", [writer, number])
                        if writer == 3, number % 5 == 0 { try refuse(db) }
                    }
                    outcomes.withLock { $0["committed", default: 0] += 1 }
                } catch is Refused {
                    outcomes.withLock { $0["refused", default: 0] += 1 }
                } catch {
                    outcomes.withLock { $0["\(error)", default: 0] += 1 }
                }
            }
        }
        return outcomes.withLock { $0 }
    }

    func testOneFailingWriteInAGroupLeavesTheOthersCommitted() throws {
        let pool = try bookingsPool("group.sqlite")
        let before = pool.writeStatistics
        XCTAssertEqual(eightWriters(on: pool) { _ in throw Refused() }, ["committed": 390, "refused": 10])
        let rows = try pool.read { db in
            try db.query("SELECT writer, number FROM bookings WHERE id > 0").map { (try $0.int("writer"), try $0.int("number")) }
        }
        XCTAssertEqual(rows.count, 390)
        XCTAssertFalse(rows.contains { $0.0 == 3 && $0.1 % 5 == 0 }, "a refused write was committed")
        let statistics = pool.writeStatistics
        XCTAssertEqual(statistics.writes - before.writes, 400)
        XCTAssertLessThan(statistics.groups - before.groups, 400, "no write was ever committed together with another")
    }

    func testAWriteThatLosesTheGroupsTransactionCostsTheOtherWritesNothing() throws {
        // SQLite may roll a whole transaction back on an I/O error or a full disk; a body that says
        // ROLLBACK does the same to the group it runs in.
        let pool = try bookingsPool("lost.sqlite")
        let outcomes = eightWriters(on: pool) { db in
            try db.execute("ROLLBACK")
            throw Refused()
        }
        XCTAssertEqual(outcomes, ["committed": 390, "refused": 10], "writes were lost with another's transaction")
        XCTAssertEqual(try pool.read { try $0.queryOne("SELECT COUNT(*) AS n FROM bookings")?.int("n") }, 390)
    }

    func testAWriteInsideAWritesBodyNestsAsASavepoint() throws {
        let pool = try SQLitePool(path: directory.path("nested.sqlite"))
        try pool.write { try $0.execute("CREATE TABLE notes (text TEXT NOT NULL)") }
        try pool.write { db in
            try db.run("INSERT INTO notes (text) VALUES ('outer')")
            try? pool.write { inner in
                try inner.run("INSERT INTO notes (text) VALUES ('inner, rolled back')")
                throw Refused()
            }
            _ = try pool.write { inner in try inner.run("INSERT INTO notes (text) VALUES ('inner, kept')") }
        }
        XCTAssertEqual(
            try pool.read { try $0.query("SELECT text FROM notes ORDER BY rowid").map { try $0.string("text") } },
            ["outer", "inner, kept"])
    }

    func testACallerReturnsOnlyAfterItsWriteIsCommitted() throws {
        let pool = try SQLitePool(path: directory.path("visible.sqlite"), options: SQLiteOptions(synchronous: .full))
        try pool.write { try $0.execute("CREATE TABLE counter (value INTEGER NOT NULL); INSERT INTO counter VALUES (0)") }
        let failures = Locked<[String]>([])
        onThreads(6) { _ in
            for _ in 0..<40 {
                do {
                    let written = try pool.write { db -> Int in
                        try db.run("UPDATE counter SET value = value + 1")
                        return try db.queryOne("SELECT value FROM counter")?.int("value") ?? 0
                    }
                    let seen = try pool.read { try $0.queryOne("SELECT value FROM counter")?.int("value") ?? 0 }
                    if seen < written { failures.withLock { $0.append("read \(seen) after writing \(written)") } }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
        XCTAssertEqual(try pool.read { try $0.queryOne("SELECT value FROM counter")?.int("value") }, 240)
    }
}
