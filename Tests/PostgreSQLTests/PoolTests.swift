import Foundation
import PostgreSQL
import Storage
import XCTest

final class PoolTests: PostgresTestCase {
    private struct Refused: Error {}

    func testAnExhaustedPoolFailsACheckoutClearlyAfterItsTimeout() throws {
        let pool = try makePool(size: 2, checkoutTimeout: 0.3)
        let holding = Rendezvous(parties: 3)
        let release = DispatchSemaphore(value: 0)
        let log = ErrorLog()
        let holders = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: holders) {
                log.record {
                    try pool.read { _ in
                        holding.arriveAndWait()
                        release.wait()
                    }
                }
            }
        }
        XCTAssertTrue(holding.arriveAndWait())
        XCTAssertThrowsError(try pool.read { _ in }) { error in
            let error = error as? PostgresError
            XCTAssertEqual(error?.kind, .poolExhausted)
            XCTAssertEqual(error?.sqlState, "53300")
            XCTAssertEqual(error?.message, "all 2 connections of the pool stayed in use for 0.3 s")
        }
        release.signal()
        release.signal()
        holders.wait()
        XCTAssertTrue(log.recorded.isEmpty, "\(log.recorded)")
        XCTAssertEqual(try pool.read { try $0.queryOne("SELECT 1")?.int(0) }, 1)
        XCTAssertEqual(pool.openConnectionCount, 2)
    }

    func testAConnectionTheServerEndedWhileIdleIsReplaced() throws {
        let pool = try makePool(size: 1)
        let first = try pool.read { try $0.queryOne("SELECT pg_backend_pid()")?.int(0) }
        try terminate(backend: first)
        let second = try pool.read { try $0.queryOne("SELECT pg_backend_pid()")?.int(0) }
        XCTAssertNotNil(second)
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(pool.openConnectionCount, 1)
    }

    func testAConnectionThatBrokeInUseIsReplacedWhenItComesBack() throws {
        let pool = try makePool(size: 1)
        XCTAssertThrowsError(
            try pool.withConnection { connection in
                try terminate(backend: Int(connection.backendProcessID))
                _ = try connection.query("SELECT 1")
            }
        ) { error in
            XCTAssertEqual((error as? PostgresError)?.kind, .connectionFailure, "\(error)")
        }
        XCTAssertEqual(pool.openConnectionCount, 0)
        XCTAssertEqual(try pool.read { try $0.queryOne("SELECT 1")?.int(0) }, 1)
    }

    func testCloseWaitsForTheConnectionsInUse() throws {
        let pool = try makePool(size: 2)
        let inside = DispatchSemaphore(value: 0)
        let finished = Counter()
        let reader = DispatchGroup()
        DispatchQueue.global().async(group: reader) {
            _ = try? pool.read { connection in
                inside.signal()
                _ = try connection.query("SELECT pg_sleep(0.3)")
                finished.increment()
            }
        }
        inside.wait()
        pool.close()
        XCTAssertEqual(finished.value, 1, "close returned only after the read had finished")
        XCTAssertEqual(pool.openConnectionCount, 0)
        XCTAssertThrowsError(try pool.write { _ in }) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "08003")
        }
        reader.wait()
    }

    func testNestedCallsOnOneThreadShareItsConnection() throws {
        let pool = try makePool(size: 1, checkoutTimeout: 0.5)
        try pool.write { try $0.execute("CREATE TABLE seats (number TEXT PRIMARY KEY)") }
        try pool.write { connection in
            try connection.run("INSERT INTO seats (number) VALUES ('01A')")
            _ = try pool.write { try $0.run("INSERT INTO seats (number) VALUES ('01B')") }
            XCTAssertThrowsError(
                try pool.write { connection in
                    try connection.run("INSERT INTO seats (number) VALUES ('01C')")
                    throw Refused()
                })
            XCTAssertEqual(try pool.read { try $0.queryOne("SELECT COUNT(*) FROM seats")?.int(0) }, 2)
        }
        XCTAssertEqual(
            try pool.read { try $0.query("SELECT number FROM seats ORDER BY number").map { try $0.string(0) } },
            ["01A", "01B"])
    }

    func testAWriteNestedInAReadIsRefusedBeforeItsBodyRuns() throws {
        let pool = try makePool(size: 1)
        try pool.write { try $0.execute("CREATE TABLE seats (number TEXT PRIMARY KEY)") }
        let bodies = Counter()
        XCTAssertThrowsError(
            try pool.read { _ in
                try pool.write { connection in
                    bodies.increment()
                    try connection.run("INSERT INTO seats (number) VALUES ('01A')")
                }
            }
        ) { error in
            XCTAssertEqual(error as? TransactionNestingError, TransactionNestingError(.writeInsideRead))
        }
        XCTAssertThrowsError(
            try pool.write { _ in
                try pool.read { _ in
                    try pool.write { connection in
                        bodies.increment()
                        try connection.run("INSERT INTO seats (number) VALUES ('01B')")
                    }
                }
            }
        ) { error in
            XCTAssertEqual(error as? TransactionNestingError, TransactionNestingError(.writeInsideRead), "also in a read that joined a write")
        }
        XCTAssertEqual(bodies.value, 0)
        XCTAssertEqual(try pool.read { try $0.queryOne("SELECT COUNT(*) FROM seats")?.int(0) }, 0)
    }

    func testANestedReadJoinsItsReadWhenEveryConnectionIsCheckedOut() throws {
        let pool = try makePool(size: 2, checkoutTimeout: 2)
        try pool.write { try $0.execute("CREATE TABLE seats (number TEXT PRIMARY KEY); INSERT INTO seats VALUES ('01A')") }
        let inside = Rendezvous(parties: 3)
        let goOn = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        let log = ErrorLog()
        let sawOne = Counter()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: finished) {
                log.record {
                    try pool.read { outer in
                        _ = try outer.query("SELECT number FROM seats") // the snapshot starts here
                        inside.arriveAndWait()
                        goOn.wait()
                        if try pool.read({ try $0.queryOne("SELECT COUNT(*) FROM seats")?.int(0) }) == 1 { sawOne.increment() }
                    }
                }
            }
        }
        XCTAssertTrue(inside.arriveAndWait())
        try connection.run("INSERT INTO seats VALUES ('01B')")
        goOn.signal()
        goOn.signal()
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        XCTAssertTrue(log.recorded.isEmpty, "\(log.recorded)")
        XCTAssertEqual(sawOne.value, 2, "each nested read saw its read's snapshot, not the later insert")
    }

    func testWorkWithoutATransactionIsRefusedInsideOne() throws {
        let pool = try makePool(size: 1)
        XCTAssertThrowsError(try pool.read { _ in try pool.writeWithoutTransaction { _ in } }) { error in
            XCTAssertEqual(error as? TransactionNestingError, TransactionNestingError(.writeInsideRead))
        }
        XCTAssertThrowsError(try pool.write { _ in try pool.writeWithoutTransaction { _ in } }) { error in
            XCTAssertEqual(error as? TransactionNestingError, TransactionNestingError(.withoutTransactionInsideTransaction))
        }
        let counted = try pool.writeWithoutTransaction { _ in
            try pool.write { try $0.execute("CREATE TABLE seats (number TEXT PRIMARY KEY); INSERT INTO seats VALUES ('01A')") }
            return try pool.read { try $0.queryOne("SELECT COUNT(*) FROM seats")?.int(0) }
        }
        XCTAssertEqual(counted, 1, "inside it, reads and writes open transactions of their own")
    }

    func testAWriteLeftOpenByWithConnectionIsRolledBackOnReturn() throws {
        let pool = try makePool(size: 1)
        try pool.write { try $0.execute("CREATE TABLE seats (number TEXT PRIMARY KEY)") }
        try pool.withConnection { connection in
            try connection.execute("BEGIN")
            try connection.run("INSERT INTO seats (number) VALUES ('01A')")
        }
        XCTAssertEqual(try pool.read { try $0.queryOne("SELECT COUNT(*) FROM seats")?.int(0) }, 0)
    }

    /// Ends a backend from another connection and waits until it is gone.
    private func terminate(backend processID: Int?) throws {
        let administrator = try connect()
        XCTAssertEqual(
            try administrator.queryOne("SELECT pg_terminate_backend(?::integer)", [SQLValue.integer(Int64(processID ?? 0))])?.bool(0), true)
        for _ in 0..<100 {
            let alive = try administrator.queryOne(
                "SELECT COUNT(*) FROM pg_stat_activity WHERE pid = ?::integer", [SQLValue.integer(Int64(processID ?? 0))])?.int(0)
            if alive == 0 { return }
            usleep(20_000)
        }
        XCTFail("backend \(processID ?? 0) did not end")
    }
}
