import Dispatch
import HTMLTesting
import HTTP
import Storage
import Synchronization
import XCTest

@testable import Railbook

/// Password guessing is slowed per account without locking its owner out: the account name and
/// its mobile number share one budget, other accounts behind the same address are not touched,
/// the delay after five failures is short and grows, a browser the owner logged in with before
/// has a budget of its own that neither others' guesses nor its address's failures touch, on any
/// server, and parallel guesses are counted before they are checked.
final class LoginThrottleTests: XCTestCase {
    private var client: TestClient!
    private let person = AccountFixtures.Person()
    private let wrong = "wrong-password1"

    override func setUpWithError() throws {
        client = try TestSite.makeClient()
        try AccountFixtures.register(person, with: client)
        try AccountFixtures.logOut(with: client)
        // Every guess happens in the same second, however long the password checks take; the
        // delays pass only when the test says so.
        client.application.stopClock()
    }

    /// Another browser on the same site and address, with no cookies of this one.
    private func otherBrowser(from address: String = "127.0.0.1") -> TestClient {
        let transport = InProcessTransport(application: client.application)
        transport.remoteAddress = address
        let other = TestClient(transport: transport)
        other.cookies["welcomed"] = "1"
        return other
    }

    /// Lets `seconds` pass, so every recorded attempt is that much older.
    private func age(by seconds: Int) throws {
        client.application.wait(seconds: seconds)
    }

    func testTheAccountNameAndItsMobileShareOneBudget() throws {
        let byName = otherBrowser(from: "10.0.0.1"), byMobile = otherBrowser(from: "10.0.0.2"), last = otherBrowser(from: "10.0.0.3")
        for _ in 1...3 { XCTAssertEqual(try AccountFixtures.logIn("li_lei", wrong, with: byName).status, .unprocessableContent) }
        for _ in 1...2 { XCTAssertEqual(try AccountFixtures.logIn(person.mobile, wrong, with: byMobile).status, .unprocessableContent) }
        XCTAssertEqual(
            try AccountFixtures.logIn(person.mobile, wrong, with: last).status, .tooManyRequests,
            "the mobile number had a budget of its own")
    }

    func testFailuresForOneAccountDoNotBlockOtherAccountsBehindTheSameAddress() throws {
        let other = AccountFixtures.Person(
            account: "han_meimei", name: "韩梅梅", certificateNumber: AccountFixtures.residentID(sequence: "246"),
            mobile: "13900001111", gender: "female")
        let second = otherBrowser()
        try AccountFixtures.register(other, with: second)
        try AccountFixtures.logOut(with: second)
        for _ in 1...8 { try AccountFixtures.logIn("li_lei", wrong, with: client) }
        for number in 1...10 {
            XCTAssertEqual(
                try AccountFixtures.logIn("guess_\(number)", wrong, with: client).status, .unprocessableContent,
                "a guess at another name was refused before it was checked")
        }
        XCTAssertEqual(
            try AccountFixtures.logIn("han_meimei", other.password, with: second).target, "/me",
            "another account behind the same address was locked out")
    }

    func testTheDelayAfterFiveFailuresIsShortAndGrows() throws {
        for _ in 1...5 { try AccountFixtures.logIn("li_lei", wrong, with: client) }
        let first = try AccountFixtures.logIn("li_lei", person.password, with: client)
        XCTAssertEqual(first.status, .tooManyRequests)
        XCTAssertEqual(first.headers["Retry-After"], "1")
        XCTAssertEqual(try first.document().text("//p[@role='alert']"), "失败次数过多，请 1 秒后再试。")
        try age(by: 2)
        XCTAssertEqual(try AccountFixtures.logIn("li_lei", wrong, with: client).status, .unprocessableContent, "not checked after the delay")
        XCTAssertEqual(try AccountFixtures.logIn("li_lei", person.password, with: client).headers["Retry-After"], "2")
        try age(by: 3)
        XCTAssertEqual(
            try AccountFixtures.logIn("li_lei", person.password, with: client).target, "/me",
            "the right password after the short delay")
    }

    func testTheOwnerLogsInFromABrowserUsedBeforeWhileTheAccountIsAttacked() throws {
        XCTAssertEqual(try AccountFixtures.logIn("li_lei", person.password, with: client).target, "/me")
        try AccountFixtures.logOut(with: client)
        let attacker = otherBrowser()
        for _ in 1...6 { try AccountFixtures.logIn("li_lei", wrong, with: attacker) }
        XCTAssertEqual(try AccountFixtures.logIn("li_lei", person.password, with: attacker).status, .tooManyRequests)
        XCTAssertEqual(
            try AccountFixtures.logIn("li_lei", person.password, with: client).target, "/me",
            "the owner's own browser was locked out by someone else's guesses")
    }

    func testParallelGuessesAreCountedBeforeTheyAreChecked() throws {
        let browsers = (0..<40).map { _ in otherBrowser() }
        let pages = try browsers.map { try $0.get("/login") }
        let statuses = Mutex<[Int]>([])
        nonisolated(unsafe) let shared = (browsers, pages)
        let started = Date()
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            guard var form = try? shared.1[index].document().form(action: "/login") else { return }
            try? form.fill("login", "li_lei")
            try? form.fill("password", "wrong-password1")
            if let answer = try? shared.0[index].submit(form, from: shared.1[index]) {
                statuses.withLock { $0.append(answer.status.code) }
            }
        }
        let answered = statuses.withLock { $0 }
        XCTAssertEqual(answered.count, 40)
        // Five are free; after them one more is allowed each time the delay (1 s, then 2 s…) has
        // passed since the latest failure, so a burst that lasted into the next second may check a sixth.
        let seconds = Int(Date().timeIntervalSince(started).rounded(.up))
        let checked = answered.filter { $0 == 422 }.count
        XCTAssertTrue((5...(5 + seconds)).contains(checked), "\(checked) checked in \(seconds) s: \(answered.sorted())")
        XCTAssertEqual(answered.filter { $0 == 429 }.count, 40 - checked)
    }

    func testALoggedInUsersPasswordChecksCountOnlyTheirOwnFailures() throws {
        XCTAssertEqual(try AccountFixtures.logIn("li_lei", person.password, with: client).target, "/me")
        let attacker = otherBrowser()
        for _ in 1...6 { try AccountFixtures.logIn("li_lei", wrong, with: attacker) }
        let page = try client.get("/me/password")
        var form = try page.document().form(action: "/me/password")
        try form.fill("current_password", person.password)
        try form.fill("new_password", "Better2027!")
        try form.fill("new_password_confirmation", "Better2027!")
        XCTAssertEqual(try client.submit(form, from: page).target, "/me?saved=1", "the owner's password change was throttled")
    }

    func testStrangersOnTheOwnersAddressNeverKeepTheOwnersOwnBrowserOutOnAnyServer() throws {
        // The owner logged in with this browser before: it carries their device mark.
        XCTAssertEqual(try AccountFixtures.logIn("li_lei", person.password, with: client).target, "/me")
        try AccountFixtures.logOut(with: client)
        // A second server on the same database, as behind a load balancer.
        let second = try Application(configuration: client.application.configuration, clock: client.application.clock)
        func browser(on application: Application, like original: TestClient? = nil) -> TestClient {
            let browser = TestClient(transport: InProcessTransport(application: application))
            browser.cookies = original?.cookies ?? ["welcomed": "1"]
            return browser
        }
        // Strangers behind the owner's address (a campus, a mobile carrier) fail 105 logins with
        // made-up names — the first hundred written as the throttle records them —, then guess the
        // owner's password 6 times, through both servers.
        try client.application.database.write { db in
            for index in 0..<100 {
                try db.run(
                    "INSERT INTO login_attempts (scope, subject, attempted_at, outcome) VALUES ('address', '127.0.0.1', ?, 'failed')",
                    [client.application.clock.now() - 600 + index])
            }
        }
        let strangers = [browser(on: client.application), browser(on: second)]
        for number in 1...5 { try AccountFixtures.logIn("made_up_\(number)", wrong, with: strangers[number % 2]) }
        for number in 1...6 { try AccountFixtures.logIn("li_lei", wrong, with: strangers[number % 2]) }

        // A browser the owner never used is slowed, not shut out for a quarter of an hour…
        let unknown = browser(on: second)
        let slowed = try AccountFixtures.logIn("li_lei", person.password, with: unknown)
        XCTAssertEqual(slowed.status, .tooManyRequests)
        let wait = try XCTUnwrap(Int(slowed.headers["Retry-After"] ?? ""))
        XCTAssertLessThanOrEqual(wait, LoginThrottle.longestAddressDelay, "an unknown browser was refused, not slowed")
        // …and a mark the browser holds for another account does not count for this one.
        let markedForAnother = browser(on: second, like: client)
        markedForAnother.cookies["device"] = client.cookies["device"].map { "9" + $0.drop { $0 != "." } }
        XCTAssertEqual(try AccountFixtures.logIn("li_lei", person.password, with: markedForAnother).status, .tooManyRequests)

        // The owner's own browser logs in at once, on either server.
        XCTAssertEqual(
            try AccountFixtures.logIn("li_lei", person.password, with: browser(on: second, like: client)).target, "/me",
            "the owner's own browser was refused because of strangers on the same address")
        XCTAssertEqual(try AccountFixtures.logIn("li_lei", person.password, with: client).target, "/me")
        // The unknown browser gets in once its wait is over.
        try age(by: wait)
        XCTAssertEqual(try AccountFixtures.logIn("li_lei", person.password, with: unknown).target, "/me")
    }

    func testVeryManyFailuresFromOneAddressSlowUnknownBrowsersThereBeforeAnyCheck() throws {
        try client.application.database.write { db in
            for index in 0..<LoginThrottle.addressLimit {
                try db.run(
                    "INSERT INTO login_attempts (scope, subject, attempted_at, outcome) VALUES ('address', '127.0.0.1', ?, 'failed')",
                    [ChinaTime.now() - index])
            }
        }
        let slowed = try AccountFixtures.logIn("li_lei", person.password, with: client)
        XCTAssertEqual(slowed.status, .tooManyRequests)
        XCTAssertEqual(slowed.headers["Retry-After"], "1", "the first attempt past the address's free failures waits a second")
        XCTAssertEqual(
            try AccountFixtures.logIn("li_lei", person.password, with: otherBrowser(from: "10.0.0.7")).target, "/me",
            "another address was refused")
    }
}
