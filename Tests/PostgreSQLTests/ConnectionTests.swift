import PostgreSQL
import Storage
import XCTest

final class ConnectionTests: PostgresTestCase {
    func testConnectsToAServerOfVersion12OrNewerWithTheSessionSettings() throws {
        let connection = try connect(PostgresOptions(lockTimeoutMilliseconds: 1234, statementTimeoutMilliseconds: 5678))
        XCTAssertGreaterThanOrEqual(connection.serverVersion, PostgresConnection.minimumServerVersion)
        let settings = try connection.queryOne(
            """
            SELECT current_setting('client_encoding') AS encoding, current_setting('TimeZone') AS zone,
                   current_setting('lock_timeout') AS lock, current_setting('statement_timeout') AS statement,
                   current_setting('application_name') AS application
            """)
        XCTAssertEqual(try settings?.string("encoding"), "UTF8")
        XCTAssertEqual(try settings?.string("zone"), "UTC")
        XCTAssertEqual(try settings?.string("lock"), "1234ms")
        XCTAssertEqual(try settings?.string("statement"), "5678ms")
        XCTAssertEqual(try settings?.string("application"), "railbook")
        XCTAssertEqual(try connection.queryOne("SELECT pg_backend_pid()")?.int64(0), Int64(connection.backendProcessID))
    }
}

final class ConnectionFailureTests: PostgresTestCase {
    func testAServerThatIsNotThereIsAConnectionFailure() throws {
        XCTAssertThrowsError(try PostgresConnection(uri: "postgresql:///railbook?host=/nonexistent/railbook&user=railbook")) { error in
            let error = error as? PostgresError
            XCTAssertEqual(error?.sqlState, "08001")
            XCTAssertEqual(error?.kind, .connectionFailure)
            XCTAssertTrue(error?.message.contains("/nonexistent/railbook") == true, error?.message ?? "")
        }
    }

    func testExecuteRunsSeveralStatements() throws {
        try connection.execute("CREATE TABLE stations (code TEXT PRIMARY KEY); INSERT INTO stations (code) VALUES ('BJP'), ('SHH')")
        XCTAssertEqual(try connection.queryOne("SELECT COUNT(*) FROM stations")?.int(0), 2)
    }

    func testAClosedConnectionThrows() throws {
        connection.close()
        connection.close()
        XCTAssertTrue(connection.isClosed)
        XCTAssertThrowsError(try connection.query("SELECT 1")) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "08003")
        }
    }
}
