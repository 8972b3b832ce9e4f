import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

final class LoginTests: XCTestCase {
    private var client: TestClient!
    private let person = AccountFixtures.Person()

    override func setUpWithError() throws {
        client = try TestSite.makeClient()
        try AccountFixtures.register(person, with: client)
        try AccountFixtures.logOut(with: client)
    }

    func testLogInByAccountInAnyCaseOrByMobile() throws {
        for login in ["li_lei", "LI_Lei", "13812345678"] {
            let page = try AccountFixtures.logIn(login, person.password, with: client)
            XCTAssertEqual(page.target, "/me", login)
            XCTAssertEqual(try page.document().text("//p[@class='hub-card__title']"), "我的铁路行")
            try AccountFixtures.logOut(with: client)
        }
    }

    func testEveryFailureGetsTheSameMessage() throws {
        for (login, password) in [("li_lei", "wrong-password1"), ("nobody_here", person.password), ("", "")] {
            let page = try AccountFixtures.logIn(login, password, with: client)
            XCTAssertEqual(page.status, .unprocessableContent)
            let document = try page.document()
            XCTAssertEqual(document.text("//p[@role='alert']"), "用户名或密码错误。", login)
            XCTAssertEqual(try document.form(action: "/login").value("login"), login)
            XCTAssertEqual(try document.form(action: "/login").value("password"), "")
        }
        XCTAssertNil(client.cookies["session"])
    }

    func testFiveFailuresForAnAccountMakeFurtherAttemptsWait() throws {
        client.application.stopClock() // the delay passes only when the test says so
        for _ in 1...5 { try AccountFixtures.logIn("li_lei", "wrong-password1", with: client) }
        let blocked = try AccountFixtures.logIn("li_lei", person.password, with: client)
        XCTAssertEqual(blocked.status, .tooManyRequests)
        XCTAssertEqual(try blocked.document().text("//p[@role='alert']"), "失败次数过多，请 1 秒后再试。")
        XCTAssertNil(client.cookies["session"])
    }

    func testFailuresOlderThanTheWindowDoNotCount() throws {
        for _ in 1...5 { try AccountFixtures.logIn("li_lei", "wrong-password1", with: client) }
        client.application.wait(seconds: LoginThrottle.window + 1)
        XCTAssertEqual(try AccountFixtures.logIn("li_lei", person.password, with: client).target, "/me")
    }

    func testNextReturnsToTheSameSiteOnly() throws {
        let protected = try client.get("/me")
        XCTAssertEqual(protected.target, "/login?next=%2Fme")
        XCTAssertEqual(
            try AccountFixtures.logIn("li_lei", person.password, from: "/login?next=%2Fme%3Fsaved%3D1", with: client).target,
            "/me?saved=1")
        try AccountFixtures.logOut(with: client)
        for next in ["//evil.example/", "https://evil.example/", "/\\evil.example"] {
            let page = try AccountFixtures.logIn(
                "li_lei", person.password, from: "/login?next=" + PercentEncoding.encode(next),
                with: client)
            XCTAssertEqual(page.target, "/me", next)
            try AccountFixtures.logOut(with: client)
        }
    }

    func testLogInIssuesANewSessionTokenEachTime() throws {
        try AccountFixtures.logIn("li_lei", person.password, with: client)
        let first = try XCTUnwrap(client.cookies["session"])
        try AccountFixtures.logOut(with: client)
        try AccountFixtures.logIn("li_lei", person.password, with: client)
        XCTAssertNotEqual(client.cookies["session"], first)
        let stored = try client.application.database.read { db in
            try db.query("SELECT token_hash FROM sessions").map { try $0.string("token_hash") }
        }
        XCTAssertEqual(stored.count, 1, "logging out ended the first session")
        XCTAssertFalse(stored.contains(client.cookies["session"]!), "tokens are stored hashed")
    }

    func testSessionCookieIsHttpOnlyAndKeepMeLoggedInLastsSevenDays() throws {
        let page = try client.get("/login")
        var form = try page.document().form(action: "/login")
        try form.fill("login", "li_lei")
        try form.fill("password", person.password)
        try form.check("remember")
        let response = try client.send(
            .post, "/login", headers: Headers([("Content-Type", "application/x-www-form-urlencoded")]),
            body: Array(try form.submission().urlencoded.utf8), followRedirects: false)
        let cookie = try XCTUnwrap(response.cookies.first { $0.name == "session" })
        XCTAssertEqual(
            cookie.headerValue.components(separatedBy: "; ").sorted(),
            ["HttpOnly", "Max-Age=604800", "Path=/", "SameSite=Lax", "session=\(cookie.value)"].sorted())
    }

    func testIdleSessionsExpireAndSendTheUserToLogInAgain() throws {
        try AccountFixtures.logIn("li_lei", person.password, with: client)
        client.application.wait(seconds: Session.idleLifetime + 1)
        let page = try client.get("/me")
        XCTAssertEqual(page.target, "/login?next=%2Fme&expired=1")
        XCTAssertEqual(try page.document().text("//p[@role='status']"), "登录已过期，请重新登录。")
        XCTAssertNil(client.cookies["session"], "the stale cookie is removed")
    }

    func testActivityKeepsTheSessionAlive() throws {
        try AccountFixtures.logIn("li_lei", person.password, with: client)
        client.application.wait(seconds: Session.idleLifetime - 60)
        XCTAssertEqual(try client.get("/me").target, "/me")
        client.application.wait(seconds: 120)
        XCTAssertEqual(try client.get("/me").target, "/me", "the visit a minute before the end kept the session alive")
    }

    func testUnknownSessionTokensAreIgnored() throws {
        client.cookies["session"] = "forged-token"
        XCTAssertEqual(try client.get("/me").target, "/login?next=%2Fme&expired=1")
        XCTAssertNil(client.cookies["session"])
        XCTAssertEqual(try client.get("/").status, .ok)
    }

    func testLockedUsersCannotLogIn() throws {
        _ = try client.application.database.write { try $0.run("UPDATE users SET is_locked = 1") }
        let page = try AccountFixtures.logIn("li_lei", person.password, with: client)
        XCTAssertEqual(try page.document().text("//p[@role='alert']"), "用户名或密码错误。")
    }
}
