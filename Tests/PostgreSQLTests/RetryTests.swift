import Foundation
import Storage
import XCTest

@testable import PostgreSQL

final class RetryTests: PostgresTestCase {
    private var pool: PostgresPool!

    override func setUpWithError() throws {
        try super.setUpWithError()
        pool = try PostgresPool(uri: database.uri, size: 2, retryPolicy: PostgresRetryPolicy(maximumAttempts: 5, baseDelayMilliseconds: 1))
        try pool.write { connection in
            try connection.execute(
                """
                CREATE TABLE berths (id BIGINT PRIMARY KEY, holder BIGINT NOT NULL DEFAULT 0);
                INSERT INTO berths (id) VALUES (1), (2);
                """)
        }
    }

    override func tearDownWithError() throws {
        pool = nil
        try super.tearDownWithError()
    }

    /// Makes the server raise an error with the named condition, e.g. `serialization_failure`.
    private func raise(_ condition: String, on connection: PostgresConnection) throws {
        try connection.execute("DO $$ BEGIN RAISE EXCEPTION 'forced' USING ERRCODE = '\(condition)'; END $$")
    }

    /// Runs `body` in a pool write on two threads at once and returns how many attempts there
    /// were in all; `meet` waits for the other thread, on each thread's first attempt only.
    private func writeOnTwoThreads(_ body: @Sendable (_ connection: PostgresConnection, _ worker: Int, _ meet: () -> Void) throws -> Void) -> Int {
        let pool = pool!
        let rendezvous = Rendezvous(parties: 2)
        let attempts = Counter()
        let log = ErrorLog()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            var isFirstAttempt = true
            log.record {
                try pool.write { connection in
                    attempts.increment()
                    try body(connection.postgres, worker) {
                        guard isFirstAttempt else { return }
                        isFirstAttempt = false
                        rendezvous.arriveAndWait()
                    }
                }
            }
        }
        XCTAssertTrue(log.recorded.isEmpty, "\(log.recorded)")
        return attempts.value
    }

    func testADeadlockedTransactionRunsAgainAndBothFinish() throws {
        let attempts = writeOnTwoThreads { connection, worker, meet in
            let (first, second): (Int64, Int64) = worker == 0 ? (1, 2) : (2, 1)
            try connection.run("UPDATE berths SET holder = holder + 1 WHERE id = ?", [SQLValue.integer(first)])
            meet()
            // Each now waits for the row the other holds: PostgreSQL ends one with 40P01.
            try connection.run("UPDATE berths SET holder = holder + 1 WHERE id = ?", [SQLValue.integer(second)])
        }
        // One of the two ran again; its retry may collide once more with the other's next step
        // (PostgreSQL wakes a waiter, which then re-reads the row), but retries are bounded.
        XCTAssertTrue((3...10).contains(attempts), "\(attempts) attempts")
        XCTAssertEqual(try pool.read { try $0.query("SELECT holder FROM berths ORDER BY id").map { try $0.int(0) } }, [2, 2])
    }

    func testASerializationFailureRunsTheTransactionAgainWithFreshData() throws {
        let attempts = writeOnTwoThreads { connection, _, meet in
            try connection.execute("SET TRANSACTION ISOLATION LEVEL SERIALIZABLE")
            let holder = try connection.queryOne("SELECT holder FROM berths WHERE id = 1")?.int(0) ?? -1
            meet()
            // The second to update a row the first changed since its snapshot gets 40001.
            try connection.run("UPDATE berths SET holder = ? WHERE id = 1", [SQLValue.integer(Int64(holder + 1))])
        }
        XCTAssertEqual(attempts, 3)
        XCTAssertEqual(try pool.read { try $0.queryOne("SELECT holder FROM berths WHERE id = 1")?.int(0) }, 2, "no update was lost")
    }

    func testRetriesStopAfterTheLastAttempt() throws {
        let attempts = Counter()
        XCTAssertThrowsError(
            try pool.write { connection in
                attempts.increment()
                try raise("serialization_failure", on: connection.postgres)
            }
        ) { error in
            XCTAssertEqual((error as? PostgresError)?.kind, .serializationFailure)
        }
        XCTAssertEqual(attempts.value, 5)
    }

    func testOtherErrorsAreNotRetried() throws {
        let attempts = Counter()
        XCTAssertThrowsError(
            try pool.write { connection in
                attempts.increment()
                try connection.run("INSERT INTO berths (id) VALUES (1)")
            }
        ) { error in
            XCTAssertEqual((error as? PostgresError)?.kind, .uniqueViolation)
        }
        XCTAssertEqual(attempts.value, 1)
    }

    func testANestedWriteLeavesTheRetryToTheOutermost() throws {
        let outer = Counter()
        let inner = Counter()
        XCTAssertThrowsError(
            try pool.write { _ in
                outer.increment()
                try pool.write { connection in
                    inner.increment()
                    try raise("deadlock_detected", on: connection.postgres)
                }
            })
        XCTAssertEqual(outer.value, 5)
        XCTAssertEqual(inner.value, 5)
    }

    func testAWriteInsideWithConnectionIsStillRetried() throws {
        let attempts = Counter()
        XCTAssertThrowsError(
            try pool.withConnection { _ in
                try pool.write { connection in
                    attempts.increment()
                    try raise("serialization_failure", on: connection.postgres)
                }
            })
        XCTAssertEqual(attempts.value, 5)
    }

    func testTheDefaultPolicyWaitsLongerBeforeEachRetry() {
        let policy = PostgresRetryPolicy()
        XCTAssertEqual(policy.maximumAttempts, 5)
        for attempt in 2...5 {
            let full = 0.010 * Double(1 << (attempt - 2))
            let delay = policy.delay(before: attempt)
            XCTAssertGreaterThanOrEqual(delay, full / 2)
            XCTAssertLessThanOrEqual(delay, full)
        }
    }
}
