import XCTest

@testable import PostgreSQL

final class NumberedPlaceholdersTests: XCTestCase {
    private func rewritten(_ sql: String) -> NumberedPlaceholders {
        NumberedPlaceholders(rewriting: sql)
    }

    func testEachQuestionMarkBecomesTheNextNumberedParameter() {
        let result = rewritten("SELECT id FROM orders WHERE user_id = ? AND status IN (?, ?) LIMIT ?")
        XCTAssertEqual(result.sql, "SELECT id FROM orders WHERE user_id = $1 AND status IN ($2, $3) LIMIT $4")
        XCTAssertEqual(result.count, 4)
    }

    func testSQLiteNumberedPlaceholdersKeepTheirNumberAndMayRepeat() {
        let result = rewritten("SELECT id FROM users WHERE account LIKE ?1 OR name LIKE ?1 LIMIT ?2")
        XCTAssertEqual(result.sql, "SELECT id FROM users WHERE account LIKE $1 OR name LIKE $1 LIMIT $2")
        XCTAssertEqual(result.count, 2)
    }

    func testSQLWithoutPlaceholdersIsLeftAsItIs() {
        XCTAssertEqual(rewritten("SELECT 1::bigint, 'x'").sql, "SELECT 1::bigint, 'x'")
        XCTAssertEqual(rewritten("SELECT 1").count, 0)
    }

    func testQuestionMarksInStringLiteralsAreText() {
        let result = rewritten("SELECT 'it''s ?', ? , 'who?'")
        XCTAssertEqual(result.sql, "SELECT 'it''s ?', $1 , 'who?'")
        XCTAssertEqual(result.count, 1)
    }

    func testEscapeStringsHonourBackslashes() {
        XCTAssertEqual(rewritten(#"SELECT E'it\'s ?', ?"#).sql, #"SELECT E'it\'s ?', $1"#)
        XCTAssertEqual(rewritten(#"SELECT e'\\', ?"#).sql, #"SELECT e'\\', $1"#)
        // Outside an E string a backslash is an ordinary character, so the literal ends at the quote.
        XCTAssertEqual(rewritten(#"SELECT '\', ?"#).sql, #"SELECT '\', $1"#)
        // A name ending in e is not an E prefix.
        XCTAssertEqual(rewritten(#"SELECT name'\', ?"#).sql, #"SELECT name'\', $1"#)
    }

    func testQuestionMarksInQuotedIdentifiersArePartOfTheName() {
        let result = rewritten(#"SELECT "odd?col", "say ""why?""" FROM t WHERE x = ?"#)
        XCTAssertEqual(result.sql, #"SELECT "odd?col", "say ""why?""" FROM t WHERE x = $1"#)
        XCTAssertEqual(result.count, 1)
    }

    func testQuestionMarksInCommentsAreIgnored() {
        let sql = """
            SELECT ? -- why ? here
            , /* what ? /* nested ? */ still ? */ ?
            """
        let result = rewritten(sql)
        XCTAssertEqual(
            result.sql,
            """
            SELECT $1 -- why ? here
            , /* what ? /* nested ? */ still ? */ $2
            """)
        XCTAssertEqual(result.count, 2)
    }

    func testQuestionMarksInDollarQuotedStringsAreText() {
        XCTAssertEqual(rewritten("SELECT $$ ? $$, ?").sql, "SELECT $$ ? $$, $1")
        XCTAssertEqual(rewritten("SELECT $tag$ ? $$ ? $tag$, ?").sql, "SELECT $tag$ ? $$ ? $tag$, $1")
        // `$1` is a parameter and `a$b` a name, not the start of a dollar quote.
        XCTAssertEqual(rewritten("SELECT $1, a$b, ?").sql, "SELECT $1, a$b, $1")
    }

    func testMinusAndSlashAloneAreOperators() {
        XCTAssertEqual(rewritten("SELECT ? - 1, ? / 2, 3 * ?").sql, "SELECT $1 - 1, $2 / 2, 3 * $3")
    }

    func testUnterminatedLiteralsAreCopiedForTheServerToReject() {
        XCTAssertEqual(rewritten("SELECT 'open ?").sql, "SELECT 'open ?")
        XCTAssertEqual(rewritten("SELECT /* open ?").count, 0)
    }

    func testMultiByteCharactersSurviveTheRewrite() {
        XCTAssertEqual(rewritten("SELECT '北京?' AS 站, ? AS 车次").sql, "SELECT '北京?' AS 站, $1 AS 车次")
    }
}
