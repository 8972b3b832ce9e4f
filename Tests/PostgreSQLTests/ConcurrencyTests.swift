import Foundation
import PostgreSQL
import Storage
import XCTest

final class ConcurrencyTests: PostgresTestCase {
    func testConcurrentLockedIncrementsAreAllCounted() throws {
        let pool = try makePool(size: 4)
        try pool.write { connection in
            try connection.execute("CREATE TABLE counter (id BIGINT PRIMARY KEY, value BIGINT NOT NULL); INSERT INTO counter VALUES (1, 0)")
        }
        let log = ErrorLog()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<200 {
                log.record {
                    try pool.write { connection in
                        // Read under a row lock, then write back: a lost update would show in the total.
                        let value = try connection.queryOne("SELECT value FROM counter WHERE id = 1 FOR UPDATE")?.int64("value") ?? -1
                        try connection.run("UPDATE counter SET value = ? WHERE id = 1", [SQLValue.integer(value + 1)])
                    }
                }
            }
        }
        XCTAssertTrue(log.recorded.isEmpty, "\(log.recorded.prefix(3))")
        XCTAssertEqual(try pool.read { try $0.queryOne("SELECT value FROM counter")?.int(0) }, 1600)
        XCTAssertLessThanOrEqual(pool.openConnectionCount, 4)
    }
}
