import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

final class ErrorPageTests: XCTestCase {
    private var client: TestClient!

    override func setUpWithError() throws {
        client = try TestSite.makeClient()
    }

    private func assertErrorPage(_ response: TestResponse, _ status: Status, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(response.status, status, file: file, line: line)
        let document = try response.document()
        XCTAssertEqual(document.text("//p[@class='error-page__status']"), "错误 \(status.code)", file: file, line: line)
        XCTAssertNotNil(document.node("//header//nav"), "the error page uses the layout", file: file, line: line)
        XCTAssertEqual(document.node("//main//a[@class='button']")?.attribute("href"), "/", file: file, line: line)
    }

    func testUnknownPageIsNotFoundInsideTheLayout() throws {
        let response = try client.get("/no/such/page")
        try assertErrorPage(response, .notFound)
        XCTAssertEqual(try response.document().text("//h1"), "出错了")
    }

    func testWrongMethodIsMethodNotAllowedWithAllow() throws {
        let response = try client.post("/", fields: [("a", "b")])
        try assertErrorPage(response, .methodNotAllowed)
        XCTAssertEqual(response.headers["Allow"], "GET, HEAD")
        let unknown = try client.send(HTTPMethod(rawValue: "BREW"), "/", headers: Headers(), body: [], followRedirects: false)
        XCTAssertEqual(unknown.status, .methodNotAllowed)
    }

    func testMalformedAddressesAndFormsAreBadRequests() throws {
        try assertErrorPage(try client.get("/?from=%E5%8C"), .badRequest)
        try assertErrorPage(try client.get("/%C0%AF"), .badRequest)
        try assertErrorPage(try client.get("/css/%2e%2e/%2e%2e/etc/passwd"), .badRequest)
        try assertErrorPage(try client.get("/css/site.css%00"), .badRequest)
        var headers = Headers()
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        let badForm = try client.send(.post, "/", headers: headers, body: [0x61, 0x3D, 0xFF], followRedirects: false)
        try assertErrorPage(badForm, .badRequest)
    }

    func testMoreParametersThanAPageSendsAreRefusedWithAPageThatSaysSo() throws {
        let query = Array(repeating: "a=1", count: Request.parameterLimit + 1).joined(separator: "&")
        let address = try client.get("/search?" + query)
        try assertErrorPage(address, .uriTooLong)
        XCTAssertEqual(
            try address.document().text("//p[@class='error-page__status']/following-sibling::p[1]"),
            "该网址或表单带有的参数过多（最多 200 个），因此未被处理。请返回上一页重试。")
        var headers = Headers()
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        let form = try client.send(.post, "/login", headers: headers, body: Array(query.utf8), followRedirects: false)
        try assertErrorPage(form, .badRequest)
    }

    func testErrorPagesFollowTheLanguage() throws {
        let english = try TestSite.makeClient(acceptLanguage: "en")
        let document = try english.get("/missing").document()
        XCTAssertEqual(document.node("/html")?.attribute("lang"), "en")
        XCTAssertEqual(document.text("//p[@class='error-page__status']"), "Error 404")
    }

    func testRefusalsBeforeHandlingRenderTheErrorPage() throws {
        let response = client.application.respond(to: HTTPError(.payloadTooLarge), method: .post, target: "/", headers: Headers())
        XCTAssertEqual(response.status, .payloadTooLarge)
        let document = try HTMLDocument(html: response.body)
        XCTAssertEqual(document.text("//p[@class='error-page__status']"), "错误 413")
    }

    /// The header's account part: the user's "My Railbook" link, the log-in link, whether there is
    /// a log-out form and a register link.
    private func account(_ document: HTMLDocument) -> (me: String?, login: String?, logsOut: Bool, registers: Bool) {
        (
            document.text("//header//a[starts-with(@href,'/me')]"), document.node("//header//a[starts-with(@href,'/login')]")?.attribute("href"),
            document.node("//header//form[@action='/logout']") != nil, document.node("//header//a[@href='/register']") != nil
        )
    }

    func testALoggedInTravellerKeepsTheirMenuOnErrorPages() throws {
        try AccountFixtures.register(with: client)
        let token = try XCTUnwrap(try client.get("/me").document().form(action: "/logout").value("csrf"))
        let refusals = [
            ("missing page", try client.get("/no/such/page"), Status.notFound),
            ("the back office", try client.get("/admin"), .notFound),
            ("wrong method", try client.post("/", fields: [("csrf", token)]), .methodNotAllowed),
            ("form without its token", try client.post("/me/passengers", fields: [("name", "韩梅梅")]), .forbidden),
        ]
        for (what, response, status) in refusals {
            XCTAssertEqual(response.status, status, what)
            XCTAssertEqual(try response.document().text("//p[@class='error-page__status']"), "错误 \(status.code)", what)
            let header = account(try response.document())
            XCTAssertEqual(header.me, "我的 · 李雷", what)
            XCTAssertTrue(header.logsOut, what)
            XCTAssertNil(header.login, "not shown as logged out: \(what)")
            XCTAssertFalse(header.registers, what)
        }
        let logOut = try client.get("/no/such/page").document().form(action: "/logout")
        XCTAssertEqual(try client.submit(logOut, from: try client.get("/no/such/page")).redirects, ["/"], "its log-out form works")
    }

    func testTheLogInLinkOfAnErrorPageDoesNotLeadBackToIt() throws {
        try AccountFixtures.register(with: TestClient(application: client.application))
        let notFound = try client.get("/no/such/page")
        XCTAssertEqual(notFound.status, .notFound)
        let login = try XCTUnwrap(account(try notFound.document()).login)
        XCTAssertEqual(login, "/login", "no next= pointing at the failing address")
        let loggedIn = try AccountFixtures.logIn("li_lei", "Train2026!", from: login, with: client)
        XCTAssertEqual(loggedIn.status, .ok)
        XCTAssertEqual(loggedIn.target, "/me")
        let page = try client.get("/")
        XCTAssertEqual(account(try page.document()).login, nil)
        XCTAssertEqual(
            try TestClient(application: client.application).get("/stations").document()
                .node("//header//a[starts-with(@href,'/login')]")?.attribute("href"), "/login?next=%2Fstations", "pages that work still return there")
    }

    func testRefusalsBeforeTheSessionIsReadClaimNeitherAUserNorAVisitor() throws {
        try AccountFixtures.register(with: client)
        let cookie = try XCTUnwrap(client.cookies[Session.cookieName])
        var headers = Headers()
        headers.add("Cookie", "\(Session.cookieName)=\(cookie)")
        let refused = client.application.respond(to: HTTPError(.uriTooLong), method: .get, target: "/search", headers: headers)
        XCTAssertEqual(refused.status, .uriTooLong)
        let document = try HTMLDocument(html: refused.body)
        let header = account(document)
        XCTAssertNil(header.login, "a session cookie that was not read is not taken for a visitor")
        XCTAssertFalse(header.registers)
        XCTAssertFalse(header.logsOut, "nor for a user: there is no token to log out with")
        XCTAssertEqual(document.node("//header//a[@href='/me']")?.attribute("href"), "/me", "My Railbook, where the session decides")

        let staticPath = try client.get("/css/%2e%2e/%2e%2e/etc/passwd")
        XCTAssertEqual(staticPath.status, .badRequest, "refused by the static files, before the session is read")
        let staticHeader = account(try staticPath.document())
        XCTAssertEqual(staticHeader.me, "我的")
        XCTAssertNil(staticHeader.login)
        XCTAssertFalse(staticHeader.logsOut)

        let visitor = client.application.respond(to: HTTPError(.uriTooLong), method: .get, target: "/search", headers: Headers())
        let visitorHeader = account(try HTMLDocument(html: visitor.body))
        XCTAssertEqual(visitorHeader.login, "/login")
        XCTAssertTrue(visitorHeader.registers)
    }
}
