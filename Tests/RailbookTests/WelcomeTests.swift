import HTMLTesting
import HTTP
import Railbook
import XCTest

/// The first-visit welcome on `/`: shown once per browser to visitors, never to logged-in users.
final class WelcomeTests: XCTestCase {
    private var client: TestClient!

    override func setUpWithError() throws {
        client = try TestSite.makeClient()
        client.cookies["welcomed"] = nil // a browser that has never been here
    }

    func testTheFirstVisitShowsTheWelcomeInThreeSteps() throws {
        let page = try client.get("/")
        XCTAssertEqual(page.status, .ok)
        XCTAssertEqual(page.redirects, [], "rendered in place, not redirected")
        let document = try page.document()
        XCTAssertEqual(document.text("//h1"), "欢迎来到铁路行")
        XCTAssertEqual(document.nodes("//main//ol/li").compactMap { $0.attribute("data-step") }, ["search", "book", "pay"])
        XCTAssertEqual(document.nodes("//li[@data-step]/strong").map(\.text), ["查询", "预订", "支付出行"])
        XCTAssertTrue(document.text("//li[@data-step='book']")?.hasSuffix("选择乘车人，系统自动分配座位，同行旅客尽量坐在一起。") == true)
        XCTAssertNotNil(document.node("//main//p[contains(., '餐食送到您的座位')]"))
        XCTAssertNil(document.node("//form[@action='/search']"), "not the home page")
        XCTAssertEqual(try document.form(action: "/welcome/start").method, "POST")
        XCTAssertEqual(document.text("//form[@action='/welcome/start']//button"), "开始")
        XCTAssertEqual(document.text("//form[@action='/welcome/skip']//button"), "跳过")
        XCTAssertNotNil(document.node("//header//nav"), "inside the usual layout")
        XCTAssertNil(page.cookies.first { $0.name == "welcomed" }, "showing it does not yet dismiss it")
        XCTAssertEqual(try client.get("/").document().text("//h1"), "欢迎来到铁路行", "shown until dismissed")
    }

    func testStartSetsTheCookieForAYearAndLeadsToTheHomeSearch() throws {
        try assertDismissed(by: "/welcome/start")
    }

    func testSkipSetsTheCookieForAYearAndLeadsToTheHomePage() throws {
        try assertDismissed(by: "/welcome/skip")
    }

    func testAnsweringWithoutTheFormIsRefusedAndChangesNothing() throws {
        let page = try client.get("/")
        let csrf = try XCTUnwrap(page.document().form(action: "/welcome/start").value("csrf"))
        XCTAssertFalse(csrf.isEmpty)
        let forged = try client.post("/welcome/skip", fields: [("csrf", "forged")])
        XCTAssertEqual(forged.status, .forbidden)
        _ = try forged.document()
        XCTAssertNil(client.cookies["welcomed"])
        XCTAssertEqual(try client.get("/welcome/start").status, .methodNotAllowed)
    }

    func testLinksIntoTheHomePageSkipTheWelcome() throws {
        let document = try client.get("/?from=BJP").document()
        XCTAssertNotNil(document.node("//form[@action='/search']"))
        XCTAssertNil(client.cookies["welcomed"])
    }

    func testLoggedInUsersNeverSeeItAndTheirBrowserRemembersThat() throws {
        try AccountFixtures.register(with: client)
        let home = try client.get("/")
        XCTAssertEqual(try home.document().text("//h1"), "您要去哪里？")
        XCTAssertEqual(home.cookies.first { $0.name == "welcomed" }?.maxAge, 365 * 86_400)
        try AccountFixtures.logOut(with: client)
        XCTAssertEqual(try client.get("/").document().text("//h1"), "您要去哪里？", "not after logging out either")
    }

    func testTheWelcomeInEnglish() throws {
        client.defaultHeaders.set("Accept-Language", "en")
        let document = try client.get("/").document()
        XCTAssertEqual(document.node("/html")?.attribute("lang"), "en")
        XCTAssertEqual(document.text("//h1"), "Welcome to Railbook")
        XCTAssertEqual(document.text("//form[@action='/welcome/start']//button"), "Start")
        XCTAssertEqual(document.text("//form[@action='/welcome/skip']//button"), "Skip")
    }
}

// MARK: - Helpers

extension WelcomeTests {
    /// Submits the welcome's form posting to `action` and checks it sets the cookie, answers 303 to
    /// the home page, and that the welcome stays away afterwards.
    fileprivate func assertDismissed(by action: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let page = try client.get("/")
        let form = try page.document().form(action: action)
        let body = Array(try form.submission().urlencoded.utf8)
        var headers = Headers()
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        let answer = try client.send(.post, action, headers: headers, body: body, followRedirects: false)
        XCTAssertEqual(answer.status, .seeOther, file: file, line: line)
        XCTAssertEqual(answer.headers["Location"], "/", file: file, line: line)
        let cookie = try XCTUnwrap(answer.cookies.first { $0.name == "welcomed" }, file: file, line: line)
        XCTAssertEqual(cookie.value, "1", file: file, line: line)
        XCTAssertEqual(cookie.maxAge, 365 * 86_400, file: file, line: line)
        XCTAssertEqual(client.cookies["welcomed"], "1", file: file, line: line)

        let home = try client.get("/").document()
        XCTAssertEqual(home.text("//h1"), "您要去哪里？", file: file, line: line)
        XCTAssertNotNil(home.node("//form[@action='/search']"), file: file, line: line)
        XCTAssertEqual(try client.get("/").document().text("//h1"), "您要去哪里？", "not shown again", file: file, line: line)
    }
}
