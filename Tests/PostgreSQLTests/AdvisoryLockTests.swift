import PostgreSQL
import Storage
import XCTest

final class AdvisoryLockTests: PostgresTestCase {
    private var first: PostgresConnection!
    private var second: PostgresConnection!

    override func setUpWithError() throws {
        try super.setUpWithError()
        first = try connect()
        second = try connect(PostgresOptions(lockTimeoutMilliseconds: 100))
    }

    override func tearDownWithError() throws {
        first = nil
        second = nil
        try super.tearDownWithError()
    }

    func testASessionLockExcludesOtherConnectionsUntilReleased() throws {
        XCTAssertTrue(try first.tryAdvisoryLock(42))
        XCTAssertFalse(try second.tryAdvisoryLock(42))
        XCTAssertTrue(try second.tryAdvisoryLock(43), "another key is another lock")
        XCTAssertTrue(try first.releaseAdvisoryLock(42))
        XCTAssertFalse(try first.releaseAdvisoryLock(42), "it was no longer held")
        XCTAssertTrue(try second.tryAdvisoryLock(42))
    }

    func testASessionLockOutlivesTheTransactions() throws {
        try first.write { connection in
            XCTAssertTrue(try connection.postgres.tryAdvisoryLock(Int64.min))
        }
        XCTAssertFalse(try second.tryAdvisoryLock(Int64.min))
        try first.releaseAllAdvisoryLocks()
        XCTAssertTrue(try second.tryAdvisoryLock(Int64.min))
    }

    func testATransactionLockIsHeldUntilTheTransactionEnds() throws {
        try first.write { connection in
            try connection.postgres.advisoryTransactionLock(7)
            try second.write { other in
                XCTAssertFalse(try other.postgres.tryAdvisoryTransactionLock(7))
            }
            XCTAssertThrowsError(try second.advisoryTransactionLock(7)) { error in
                XCTAssertEqual((error as? PostgresError)?.kind, .lockNotAvailable, "waited for lock_timeout")
            }
        }
        try second.write { other in
            XCTAssertTrue(try other.postgres.tryAdvisoryTransactionLock(7))
        }
    }

    func testAPoolReleasesTheSessionLocksOfAConnectionItTakesBack() throws {
        let pool = try makePool(size: 1)
        try pool.withConnection { connection in
            XCTAssertTrue(try connection.tryAdvisoryLock(99))
            XCTAssertFalse(try second.tryAdvisoryLock(99))
        }
        XCTAssertTrue(try second.tryAdvisoryLock(99))
    }
}
