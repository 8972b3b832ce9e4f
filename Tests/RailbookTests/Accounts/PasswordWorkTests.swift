import Foundation
import HTMLTesting
import HTTP
import Synchronization
import XCTest

@testable import Railbook

/// Password checks run on a bounded pool: never more at once than its threads, never more taken in
/// than its capacity, and a login that finds it full is told to come back in a few seconds.
final class PasswordWorkTests: XCTestCase {
    func testNoMoreThanTheCapacityIsTakenInAndSlotsComeBack() throws {
        let pool = PasswordWork(workerCount: 1, capacity: 3)
        let slots = (0..<3).compactMap { _ in pool.reserve() }
        XCTAssertEqual(slots.count, 3)
        XCTAssertNil(pool.reserve(), "a fourth check was taken in")
        let done = DispatchSemaphore(value: 0)
        for slot in slots { slot.run { done.signal() } }
        for _ in slots { done.wait() }
        let deadline = Date(timeIntervalSinceNow: 5)
        while pool.inUse > 0, Date() < deadline { usleep(1_000) }
        XCTAssertEqual(pool.inUse, 0)
        XCTAssertNotNil(pool.reserve())
    }

    func testNoMoreRunAtOnceThanThePoolHasThreads() throws {
        let pool = PasswordWork(workerCount: 2, capacity: 20)
        let running = Mutex((now: 0, most: 0))
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<12 {
            let slot = try XCTUnwrap(pool.reserve())
            slot.run {
                running.withLock {
                    $0.now += 1
                    $0.most = max($0.most, $0.now)
                }
                usleep(20_000)
                running.withLock { $0.now -= 1 }
                done.signal()
            }
        }
        for _ in 0..<12 { done.wait() }
        XCTAssertEqual(running.withLock { $0.most }, 2)
    }

    func testALoginWhileEveryPasswordThreadIsTakenIsAskedToComeBack() throws {
        let application = try TestSite.makeApplication {
            $0.passwordWorkers = 1
            $0.passwordQueue = 1
        }
        let client = TestClient(application: application)
        client.cookies["welcomed"] = "1"
        let person = AccountFixtures.Person()
        try AccountFixtures.register(person, with: client)
        try AccountFixtures.logOut(with: client)
        let held = try XCTUnwrap(application.passwords.slot())
        let busy = try AccountFixtures.logIn("li_lei", person.password, with: client)
        XCTAssertEqual(busy.status, .serviceUnavailable)
        XCTAssertEqual(busy.headers["Retry-After"], "5")
        XCTAssertEqual(try busy.document().text("//p[@role='alert']"), "现在登录的人较多，请几秒后再试。")
        XCTAssertEqual(try busy.document().form(action: "/login").value("login"), "li_lei", "the form lost the account")
        held.run {}
        let deadline = Date(timeIntervalSinceNow: 5)
        while application.passwords.work.inUse > 0, Date() < deadline { usleep(1_000) }
        XCTAssertEqual(try AccountFixtures.logIn("li_lei", person.password, with: client).target, "/me")
        XCTAssertEqual(
            try application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM login_attempts")?.int("n") }, 1,
            "the refused attempt was counted (only the registration should remain)")
    }
}
