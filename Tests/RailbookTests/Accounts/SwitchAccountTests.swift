import HTMLTesting
import HTTP
import Railbook
import XCTest

final class SwitchAccountTests: XCTestCase {
    private var client: TestClient!

    /// Registers li_lei and han_meimei in this browser; han_meimei stays logged in.
    override func setUpWithError() throws {
        client = try TestSite.makeClient()
        try AccountFixtures.register(with: client)
        try AccountFixtures.logOut(with: client)
        var han = AccountFixtures.Person()
        han.account = "han_meimei"
        han.name = "韩梅梅"
        han.certificateNumber = AccountFixtures.residentID(sequence: "224")
        han.mobile = "13900000000"
        han.gender = "female"
        try AccountFixtures.register(han, with: client)
    }

    func testThePageListsTheAccountsUsedInThisBrowser() throws {
        let document = try client.get("/account/switch").document()
        XCTAssertEqual(document.text("//h1"), "切换账号")
        XCTAssertEqual(document.nodes("//li[@data-account]").map { $0.attribute("data-account") ?? "" }, ["han_meimei", "li_lei"])
        XCTAssertEqual(document.nodes("//li[@data-account]//button").map(\.text), ["han_meimei", "li_lei"])
        XCTAssertEqual(document.text("//li[@data-account='han_meimei']/span"), "（当前登录）")
        XCTAssertNil(document.node("//li[@data-account='li_lei']/span"))
        XCTAssertEqual(document.count("//form[@action='/account/switch']"), 3)
        XCTAssertFalse(try client.get("/account/switch").text.contains("13812345678"), "names only")
    }

    func testSwitchingLogsOutAndPrefillsTheLogin() throws {
        let page = try client.get("/account/switch")
        let form = try page.document().form("//li[@data-account='li_lei']//form")
        let login = try client.submit(form, from: page)
        XCTAssertEqual(login.redirects, ["/login?account=li_lei"])
        XCTAssertNil(client.cookies["session"])
        let loginForm = try login.document().form(action: "/login")
        XCTAssertEqual(loginForm.value("login"), "li_lei")
        XCTAssertEqual(try client.get("/me").target, "/login?next=%2Fme", "han_meimei is logged out")

        var filled = loginForm
        try filled.fill("password", AccountFixtures.Person().password)
        let me = try client.submit(filled, from: login)
        XCTAssertEqual(try me.document().text("//header//a[@href='/me']"), "我的 · 李雷")
        XCTAssertEqual(client.cookies["accounts"], "li_lei.han_meimei")
    }

    func testTheSessionEndsOnTheServerToo() throws {
        let session = try XCTUnwrap(client.cookies["session"])
        let page = try client.get("/account/switch")
        _ = try client.submit(try page.document().form("//li[@data-account='li_lei']//form"), from: page)
        let replay = TestClient(application: client.application)
        replay.cookies["session"] = session
        XCTAssertEqual(try replay.get("/me").target, "/login?next=%2Fme&expired=1")
    }

    func testUsingAnotherAccountOpensAnEmptyLogin() throws {
        let page = try client.get("/account/switch")
        let login = try client.submit(
            try page.document().form("//form[not(.//input[@name='account'])][@action='/account/switch']"),
            from: page)
        XCTAssertEqual(login.redirects, ["/login"])
        XCTAssertEqual(try login.document().form(action: "/login").value("login"), "")
        XCTAssertNil(client.cookies["session"])
    }

    func testForgedAccountNamesAreIgnored() throws {
        for forged in ["wang_wu", "li_lei?next=//evil.example", "<b>x</b>", "LI_LEI.han"] {
            let page = try client.get("/account/switch")
            var form = try page.document().form("//li[@data-account='li_lei']//form")
            try form.fill("account", forged)
            let login = try client.submit(form, from: page)
            XCTAssertEqual(login.redirects, ["/login"], forged)
            XCTAssertEqual(try login.document().form(action: "/login").value("login"), "", forged)
            try AccountFixtures.logIn("han_meimei", AccountFixtures.Person().password, with: client)
        }
    }

    func testForgedCookieEntriesAreNotListed() throws {
        client.cookies["accounts"] = "li_lei.<script>.a.way_too_long_account_name_over_thirty"
        let document = try client.get("/account/switch").document()
        XCTAssertEqual(document.nodes("//li[@data-account]").map { $0.attribute("data-account") ?? "" }, ["li_lei"])
    }

    func testVisitorsCanSwitchToo() throws {
        try AccountFixtures.logOut(with: client)
        let page = try client.get("/account/switch")
        XCTAssertNil(try page.document().node("//li[@data-account]/span"), "nobody is logged in")
        let login = try client.submit(try page.document().form("//li[@data-account='han_meimei']//form"), from: page)
        XCTAssertEqual(login.redirects, ["/login?account=han_meimei"])
        XCTAssertEqual(try login.document().form(action: "/login").value("login"), "han_meimei")
    }

    func testABrowserWithoutHistoryOnlyOffersAnotherAccount() throws {
        let fresh = TestClient(application: client.application)
        let document = try fresh.get("/account/switch").document()
        XCTAssertEqual(document.count("//li[@data-account]"), 0)
        XCTAssertEqual(document.text("//main//p[not(@class)]"), "本浏览器还没有使用过任何账号。")
        XCTAssertEqual(document.count("//form[@action='/account/switch']"), 1)
    }

    func testPostWithoutTokenIsForbiddenAndKeepsTheSession() throws {
        let response = try client.post("/account/switch", fields: [("account", "li_lei")])
        XCTAssertEqual(response.status, .forbidden)
        _ = try response.document()
        XCTAssertEqual(try client.get("/me").target, "/me")
    }

    func testTheLoginPageLinksHere() throws {
        try AccountFixtures.logOut(with: client)
        XCTAssertNotNil(try client.get("/login").document().node("//a[@href='/account/switch']"))
    }
}
