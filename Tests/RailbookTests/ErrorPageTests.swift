import HTMLTesting
import HTTP
import Railbook
import XCTest

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
        XCTAssertEqual(try address.document().text("//p[@class='error-page__status']/following-sibling::p[1]"),
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
}
