import PostgreSQL
import Storage
import XCTest

final class PostgresErrorTests: PostgresTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try connection.execute(
            """
            CREATE TABLE users (id BIGINT PRIMARY KEY, email TEXT NOT NULL CONSTRAINT users_email_key UNIQUE);
            CREATE TABLE orders (id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL REFERENCES users (id));
            INSERT INTO users (id, email) VALUES (1, 'alice@example.com');
            """)
    }

    func testAUniqueViolationCarriesItsStateConstraintAndSQLButNotTheValues() throws {
        let sql = "INSERT INTO users (id, email) VALUES (?, ?)"
        XCTAssertThrowsError(try connection.run(sql, [2, "alice@example.com"])) { error in
            guard let error = error as? PostgresError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.sqlState, "23505")
            XCTAssertEqual(error.kind, .uniqueViolation)
            XCTAssertTrue(error.isUniqueViolation)
            XCTAssertFalse(error.isRetryable)
            XCTAssertEqual(error.constraint, "users_email_key")
            XCTAssertEqual(error.message, #"duplicate key value violates unique constraint "users_email_key""#)
            XCTAssertEqual(error.sql, sql)
            XCTAssertFalse(error.description.contains("alice"), error.description)
            XCTAssertTrue(error.description.hasPrefix("PostgreSQL error 23505: duplicate key"), error.description)
        }
    }

    func testAForeignKeyViolationHasItsKind() throws {
        XCTAssertThrowsError(try connection.run("INSERT INTO orders (id, user_id) VALUES (?, ?)", [1, 99])) { error in
            XCTAssertEqual((error as? PostgresError)?.kind, .foreignKeyViolation)
            XCTAssertEqual((error as? PostgresError)?.sqlState, "23503")
        }
    }

    func testAValueTheServerQuotesInItsMessageIsWithheld() throws {
        XCTAssertThrowsError(try connection.query("SELECT id FROM users WHERE id = ?::bigint", ["passport E12345678"])) { error in
            guard let error = error as? PostgresError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.sqlState, "22P02")
            XCTAssertEqual(error.message, #"invalid input syntax for type bigint: "…""#)
            XCTAssertFalse(error.description.contains("E12345678"), error.description)
        }
    }

    func testASyntaxErrorNamesTheSQL() throws {
        XCTAssertThrowsError(try connection.query("SELEC id FROM users WHERE id = ?", [1])) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "42601")
            XCTAssertEqual((error as? PostgresError)?.sql, "SELEC id FROM users WHERE id = ?")
        }
    }

    func testTheWrongNumberOfValuesIsRefusedBeforeSending() throws {
        XCTAssertThrowsError(try connection.query("SELECT id FROM users WHERE id = ? AND email = ?", [1])) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "08P01")
            XCTAssertEqual((error as? PostgresError)?.message, "expected 2 values to bind, got 1")
        }
    }

    func testTextHoldingNULIsRefusedRatherThanCutShort() throws {
        XCTAssertThrowsError(try connection.run("UPDATE users SET email = ? WHERE id = 1", ["alice\u{0}@example.com"])) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "22021")
            XCTAssertFalse("\(error)".contains("alice"))
        }
        XCTAssertEqual(try connection.queryOne("SELECT email FROM users WHERE id = 1")?.string(0), "alice@example.com")
    }

    func testAStatementOverTheStatementTimeoutIsCancelled() throws {
        let impatient = try connect(PostgresOptions(statementTimeoutMilliseconds: 100))
        XCTAssertThrowsError(try impatient.query("SELECT pg_sleep(10)")) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "57014")
            XCTAssertEqual((error as? PostgresError)?.kind, .queryCanceled)
        }
        XCTAssertEqual(try impatient.queryOne("SELECT 1")?.int(0), 1, "the connection stays usable")
    }

    func testALockNotGrantedWithinTheLockTimeoutIsLockNotAvailable() throws {
        let impatient = try connect(PostgresOptions(lockTimeoutMilliseconds: 100))
        try connection.write { connection in
            _ = try connection.query("SELECT id FROM users WHERE id = 1 FOR UPDATE")
            XCTAssertThrowsError(try impatient.run("UPDATE users SET email = ? WHERE id = 1", ["bob@example.com"])) { error in
                XCTAssertEqual((error as? PostgresError)?.sqlState, "55P03")
                XCTAssertEqual((error as? PostgresError)?.kind, .lockNotAvailable)
            }
        }
    }

    func testTheKindsFollowTheirSQLStates() {
        XCTAssertEqual(PostgresError(sqlState: "40001", message: "").kind, .serializationFailure)
        XCTAssertEqual(PostgresError(sqlState: "40P01", message: "").kind, .deadlock)
        XCTAssertEqual(PostgresError(sqlState: "08006", message: "").kind, .connectionFailure)
        XCTAssertEqual(PostgresError(sqlState: "42P01", message: "").kind, .other)
        XCTAssertTrue(PostgresError(sqlState: "40001", message: "").isRetryable)
        XCTAssertTrue(PostgresError(sqlState: "40P01", message: "").isRetryable)
        XCTAssertFalse(PostgresError(sqlState: "55P03", message: "").isRetryable)
    }
}
