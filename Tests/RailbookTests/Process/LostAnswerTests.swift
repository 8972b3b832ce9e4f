import Foundation
import HTMLTesting
import HTTP
import Railbook
import Storage
import Synchronization
import XCTest

/// A booking whose answer never reached the traveller, on real `railbook serve` processes: the form
/// is sent and the connection dropped as the answer starts to come back; the server is then killed
/// and started again, and the same form sent to it (and, on PostgreSQL, to a second server on the
/// same database) is answered with the order it booked. The same form sent four times at once books
/// once.
final class LostAnswerTests: XCTestCase {
    func testABookingWhoseAnswerWasLostIsAnsweredWithItsOrderAfterARestartAndByAnotherServer() throws {
        let server = try ServerProcess()
        let traveller = server.client()
        try AccountFixtures.register(with: traveller)
        let submission = try bookingForm(with: traveller)
        try RawHTTP.sendAndHangUp(
            port: server.port, method: "POST", target: submission.action,
            headers: [
                ("Cookie", traveller.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")),
                ("Content-Type", "application/x-www-form-urlencoded"),
            ], body: Array(submission.urlencoded.utf8))
        let inspector = try DatabaseInspector(server.databaseLocation)
        let order = try XCTUnwrap(try waitForOrder(in: inspector), "the booking whose answer was lost was not made")

        server.send(SIGKILL)
        XCTAssertEqual(try server.waitForExit(), 128 + SIGKILL)
        let restarted = try ServerProcess(databaseLocation: server.databaseLocation)
        let again = try restarted.client(like: traveller).post(submission.action, fields: fields(of: submission), followRedirects: false)
        XCTAssertEqual(again.status, .seeOther, again.text)
        XCTAssertEqual(again.headers["Location"], "/orders/" + order)
        if TestDatabase.dialect == .postgresql {
            let other = try ServerProcess(databaseLocation: server.databaseLocation)
            let there = try other.client(like: traveller).post(submission.action, fields: fields(of: submission), followRedirects: false)
            XCTAssertEqual(there.headers["Location"], "/orders/" + order, "another server on the database gives the same answer")
        }
        XCTAssertEqual(try inspector.queryOne("SELECT COUNT(*) AS n FROM orders")?.int("n"), 1)
        XCTAssertEqual(try inspector.queryOne("SELECT COUNT(*) AS n FROM tickets")?.int("n"), 1)
    }

    func testTheSameBookingFormSentFourTimesAtOnceBooksOnce() throws {
        let server = try ServerProcess()
        let traveller = server.client()
        try AccountFixtures.register(with: traveller)
        let submission = try bookingForm(with: traveller)
        let answers = Mutex<[String]>([])
        let browsers = (0..<4).map { _ in server.client(like: traveller) }
        // Each browser is used by its own thread alone.
        nonisolated(unsafe) let shared = browsers
        let sent = fields(of: submission)
        DispatchQueue.concurrentPerform(iterations: shared.count) { index in
            let answer =
                (try? shared[index].post(submission.action, fields: sent, followRedirects: false))
                .map { "\($0.status.code) \($0.headers["Location"] ?? "")" } ?? "error"
            answers.withLock { $0.append(answer) }
        }
        let all = answers.withLock { $0 }
        XCTAssertEqual(Set(all).count, 1, "every sending gets the same answer: \(all)")
        XCTAssertTrue(all[0].hasPrefix("303 /orders/E"), all[0])
        let inspector = try DatabaseInspector(server.databaseLocation)
        XCTAssertEqual(try inspector.queryOne("SELECT COUNT(*) AS n FROM orders")?.int("n"), 1)
        XCTAssertFalse(server.log.contains("error:"), server.log)
    }

    /// On PostgreSQL, the database's answer to the booking's COMMIT is lost: the server waits two
    /// seconds for it (`--database-answer-seconds 2`) while the commit takes three (a deferred
    /// trigger sleeps in it, as a commit waits for a slow standby). The server drops the
    /// connection, not knowing whether the booking was kept, and sends the transaction again on a
    /// new one; its first statement claims the form's key, waits for the first transaction, finds
    /// it kept and answers with its order. Without the second run the traveller would see "not
    /// known, send it again" (503).
    func testABookingWhoseCommitWentUnansweredIsFoundKeptAndAnsweredWithItsOrder() throws {
        try XCTSkipUnless(TestDatabase.dialect == .postgresql, "only a database reached over a connection can lose a commit's answer")
        let server = try ServerProcess(arguments: ["--database-answer-seconds", "2"])
        let traveller = server.client()
        try AccountFixtures.register(with: traveller)
        let submission = try bookingForm(with: traveller)
        let inspector = try DatabaseInspector(server.databaseLocation)
        try inspector.withoutTransaction { db in
            try db.execute(
                """
                CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(3); RETURN NULL; END $$;
                CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON form_answers DEFERRABLE INITIALLY DEFERRED
                    FOR EACH ROW EXECUTE FUNCTION slow_commit()
                """)
        }
        let answer = try traveller.post(submission.action, fields: fields(of: submission), followRedirects: false)
        XCTAssertEqual(answer.status, .seeOther, answer.text)
        let order = try XCTUnwrap(try inspector.queryOne("SELECT number FROM orders")?.string("number"))
        XCTAssertEqual(answer.headers["Location"], "/orders/" + order)
        XCTAssertEqual(try inspector.queryOne("SELECT COUNT(*) AS n FROM orders")?.int("n"), 1)
        XCTAssertTrue(server.log.contains("outcome unknown, running the form's transaction again"), "the commit went unanswered: \(server.log)")
    }

    /// The book form of the first second-class offer tomorrow, 北京南 → 上海虹桥, for the account holder.
    private func bookingForm(with client: TestClient) throws -> FormSubmission {
        let offer = try ProcessJourneys.offer(try ProcessJourneys.results(with: client))
        let page = try client.get(offer.bookHref)
        return try page.document().form(action: "/orders").submission()
    }

    private func fields(of submission: FormSubmission) -> [(String, String)] {
        submission.fields.map { ($0.name, $0.value) }
    }

    /// The number of the one order in the database, once there is one (within ten seconds).
    private func waitForOrder(in inspector: DatabaseInspector) throws -> String? {
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline {
            if let row = try inspector.queryOne("SELECT number FROM orders") { return try row.string("number") }
            usleep(50_000)
        }
        return nil
    }
}
