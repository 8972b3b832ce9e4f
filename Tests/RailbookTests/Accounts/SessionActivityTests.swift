import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// A visit keeps its session alive at once, in this server's memory, and is written to the
/// database in a batch (`SessionActivity`): by the job every second, before stale sessions are
/// ended, and at once when too many wait.
final class SessionActivityTests: XCTestCase {
    private var client: TestClient!
    private let person = AccountFixtures.Person()

    override func setUpWithError() throws {
        client = try TestSite.makeClient()
        client.application.stopClock()
        try AccountFixtures.register(person, with: client)
    }

    private var storedLastSeen: Int {
        get throws {
            try XCTUnwrap(try client.application.database.read { try $0.queryOne("SELECT last_seen_at FROM sessions") }?.int("last_seen_at"))
        }
    }

    private var storedTokenHash: String {
        get throws {
            try XCTUnwrap(try client.application.database.read { try $0.queryOne("SELECT token_hash FROM sessions") }?.string("token_hash"))
        }
    }

    func testAVisitWritesNothingItselfAndTheJobWritesIt() throws {
        let loggedIn = try storedLastSeen
        client.application.wait(seconds: 120)
        XCTAssertEqual(try client.get("/me").target, "/me")
        XCTAssertEqual(try storedLastSeen, loggedIn, "the visit wrote to the database itself")
        XCTAssertEqual(client.application.sessionActivity.pendingCount, 1)

        client.application.runJobsNow()
        XCTAssertEqual(try storedLastSeen, loggedIn + 120)
        XCTAssertEqual(client.application.sessionActivity.pendingCount, 0)
    }

    func testActivityNotYetWrittenKeepsTheSessionAlive() throws {
        client.application.wait(seconds: Session.idleLifetime - 60)
        XCTAssertEqual(try client.get("/me").target, "/me")
        client.application.wait(seconds: 120)
        XCTAssertEqual(try client.get("/me").target, "/me", "the visit held in memory did not count")
        client.application.wait(seconds: Session.idleLifetime)
        XCTAssertEqual(try client.get("/me").target, "/login?next=%2Fme&expired=1")
    }

    func testEndingStaleSessionsCountsWhatThisServerSaw() throws {
        client.application.wait(seconds: Session.idleLifetime - 60)
        XCTAssertEqual(try client.get("/me").target, "/me")
        client.application.wait(seconds: 120) // the stored time is now past the idle lifetime
        client.application.runJobNow(named: "stale sessions")
        XCTAssertEqual(try client.get("/me").target, "/me", "the session was ended although it was seen in time")
    }

    func testAnOlderTimeNeverUndoesANewerOne() throws {
        let activity = SessionActivity()
        let hash = try storedTokenHash
        let stored = try storedLastSeen
        activity.note(hash, at: stored - 300, database: client.application.database)
        activity.note(hash, at: stored - 600, database: client.application.database)
        XCTAssertEqual(activity.lastSeen(hash), stored - 300, "an older time replaced a newer one in memory")
        try activity.flush(to: client.application.database)
        XCTAssertEqual(try storedLastSeen, stored)
        XCTAssertNil(activity.lastSeen(hash))
    }

    func testEndedSessionsStayEnded() throws {
        let hash = try storedTokenHash
        client.application.wait(seconds: 120)
        XCTAssertEqual(try client.get("/me").target, "/me")
        try AccountFixtures.logOut(with: client)
        client.application.runJobsNow()
        XCTAssertNil(try client.application.database.read { try $0.queryOne("SELECT 1 AS one FROM sessions WHERE token_hash = ?", [hash]) })
    }

    func testTooManyWaitingSessionsAreWrittenByTheVisitThatAddsOneMore() throws {
        let activity = SessionActivity()
        let hash = try storedTokenHash
        let stored = try storedLastSeen
        for number in 0..<SessionActivity.maximumPending {
            activity.note("not-a-session-\(number)", at: stored, database: client.application.database)
        }
        XCTAssertEqual(activity.pendingCount, SessionActivity.maximumPending)
        activity.note(hash, at: stored + 60, database: client.application.database)
        XCTAssertEqual(activity.pendingCount, 0)
        XCTAssertEqual(try storedLastSeen, stored + 60)
    }
}

/// While the database takes no writes, the sessions held in memory stay bounded.
final class SessionActivityBoundTests: XCTestCase {
    func testNoMoreThanTheMostHeldWaitWhileWritesFail() throws {
        let database = try TestSite.makeApplication().database
        database.close()
        let activity = SessionActivity()
        for number in 0..<(SessionActivity.mostHeld + 10) {
            activity.note("session-\(number)", at: 1_000, database: database)
        }
        XCTAssertEqual(activity.pendingCount, SessionActivity.mostHeld)
        activity.note("session-0", at: 2_000, database: database)
        XCTAssertEqual(activity.lastSeen("session-0"), 2_000, "a session already held is still kept up to date")
        XCTAssertNil(activity.lastSeen("session-\(SessionActivity.mostHeld)"))
    }
}
