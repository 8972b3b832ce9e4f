import Foundation
import PostgreSQL
import Storage
import XCTest

/// A server that stops answering — its machine frozen or gone, a commit waiting for a standby that
/// left — holds a caller no longer than `answerTimeoutSeconds`: the connection is dropped, a pool
/// replaces it, and a `COMMIT` left without an answer is reported as an unknown outcome (`08007`),
/// never as a failure. The backend is frozen with SIGSTOP, as a machine that stopped would be.
final class AnswerDeadlineTests: PostgresTestCase {
    private let deadline = PostgresOptions(statementTimeoutMilliseconds: 60_000, answerTimeoutSeconds: 1)

    func testAStatementWithoutAnAnswerWithinTheDeadlineDropsTheConnection() throws {
        let connection = try connect(deadline)
        let started = Date()
        XCTAssertThrowsError(try connection.query("SELECT pg_sleep(30)")) { error in
            let error = error as? PostgresError
            XCTAssertEqual(error?.kind, .connectionFailure)
            XCTAssertEqual(error?.isBusy, true, "answered 503, try again")
            XCTAssertEqual(error?.isOutcomeUnknown, false, "a statement before COMMIT leaves nothing kept")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "the caller was let go long before the statement would have ended")
        XCTAssertTrue(connection.isClosed, "nothing more is sent on a connection that did not answer")
    }

    func testACommitWithoutAnAnswerIsAnUnknownOutcomeAndMayHaveBeenKept() throws {
        try connection.execute("CREATE TABLE bookings (number TEXT PRIMARY KEY)")
        let frozen = try connect(deadline)
        let backend = frozen.backendProcessID
        defer { kill(backend, SIGCONT) }
        XCTAssertThrowsError(
            try frozen.write { db in
                try db.run("INSERT INTO bookings (number) VALUES ('E001')", [])
                XCTAssertEqual(kill(backend, SIGSTOP), 0, "errno \(errno)")
            }
        ) { error in
            let error = error as? PostgresError
            XCTAssertEqual(error?.sqlState, "08007", "\(String(describing: error))")
            XCTAssertEqual(error?.isOutcomeUnknown, true)
            XCTAssertEqual(error?.isBusy, true)
        }
        XCTAssertTrue(frozen.isClosed)
        // The backend wakes, reads the COMMIT it was sent and keeps the row: "unknown" was right.
        kill(backend, SIGCONT)
        var kept = 0
        for _ in 0..<100 where kept == 0 {
            kept = try connection.queryOne("SELECT COUNT(*) FROM bookings")?.int(0) ?? 0
            if kept == 0 { usleep(50_000) }
        }
        XCTAssertEqual(kept, 1)
    }

    func testAPoolReplacesAConnectionThatGaveNoAnswer() throws {
        let pool = try PostgresPool(uri: database.uri, size: 1, options: deadline)
        let frozen = try XCTUnwrap(try pool.read { try $0.queryOne("SELECT pg_backend_pid()")?.int(0) })
        defer { kill(Int32(frozen), SIGCONT) }
        XCTAssertThrowsError(
            try pool.read { db in
                kill(Int32(frozen), SIGSTOP)
                return try db.queryOne("SELECT 1")
            }
        ) { error in
            XCTAssertEqual((error as? PostgresError)?.kind, .connectionFailure, "\(error)")
        }
        XCTAssertEqual(pool.openConnectionCount, 0, "the connection without an answer was dropped")
        let next = try XCTUnwrap(try pool.read { try $0.queryOne("SELECT pg_backend_pid()")?.int(0) })
        XCTAssertNotEqual(next, frozen, "a new connection serves")
    }
}
