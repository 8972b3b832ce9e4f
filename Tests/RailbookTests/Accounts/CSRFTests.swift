import HTMLTesting
import HTTP
import Railbook
import XCTest

final class CSRFTests: XCTestCase {
    private func postForm(_ client: TestClient, _ target: String, _ fields: [(String, String)]) throws -> TestResponse {
        try client.post(target, fields: fields)
    }

    func testPostWithoutTokenIsForbiddenWithAnExplanationAndALinkBack() throws {
        let client = try TestSite.makeClient()
        _ = try client.get("/login")
        let response = try postForm(client, "/login", [("login", "li_lei"), ("password", "x")])
        XCTAssertEqual(response.status, .forbidden)
        let document = try response.document()
        XCTAssertEqual(document.text("//main//p[not(@class)]"), "该表单已过期或并非来自本站，因此未被提交。请返回并刷新页面后重试。")
        XCTAssertEqual(document.node("//main//a[.='返回表单']")?.attribute("href"), "/login")
    }

    func testWrongOrForeignTokenIsForbidden() throws {
        let client = try TestSite.makeClient()
        let other = TestClient(application: client.application)
        let otherToken = try other.get("/login").document().form(action: "/login").value("csrf")!
        _ = try client.get("/login")
        XCTAssertEqual(try postForm(client, "/login", [("csrf", otherToken), ("login", "a"), ("password", "b")]).status, .forbidden)
        XCTAssertEqual(try postForm(client, "/login", [("csrf", "nonsense"), ("login", "a"), ("password", "b")]).status, .forbidden)
        XCTAssertEqual(
            try postForm(other, "/login", [("csrf", otherToken), ("login", "a"), ("password", "b")]).status,
            .unprocessableContent, "the right token passes")
    }

    func testLoggedInFormsUseTheSessionToken() throws {
        let client = try TestSite.makeClient()
        try AccountFixtures.register(with: client)
        let page = try client.get("/me")
        let logout = try page.document().form(action: "/logout")
        XCTAssertNotEqual(logout.value("csrf"), nil)
        client.cookies["visitor"] = nil
        XCTAssertEqual(try client.submit(logout, from: page).target, "/")
        XCTAssertNil(client.cookies["session"])
    }

    func testVisitorsGetAPreSessionOnlyWhenAFormNeedsIt() throws {
        let client = try TestSite.makeClient()
        _ = try client.get("/")
        XCTAssertNil(client.cookies["visitor"])
        _ = try client.get("/register")
        XCTAssertNotNil(client.cookies["visitor"])
    }
}
