import HTMLTesting
import HTTP
import Railbook
import XCTest

final class HomePageTests: XCTestCase {
    func testHomePageShowsTheTripSearchFormInChineseByDefault() throws {
        let client = try TestSite.makeClient()
        let page = try client.get("/")
        XCTAssertEqual(page.status, .ok)
        let document = try page.document()
        XCTAssertEqual(document.node("/html")?.attribute("lang"), "zh-CN")
        XCTAssertEqual(document.text("//h1"), "您要去哪里？")
        XCTAssertEqual(document.count("//head/link[@rel='stylesheet']"), 1)
        XCTAssertNotNil(document.node("//head/meta[@name='viewport']"))
        XCTAssertNotNil(document.node("//header//nav"))
        XCTAssertNotNil(document.node("//main"))
        XCTAssertNotNil(document.node("//footer"))
        let form = try document.form(action: "/search")
        XCTAssertEqual(form.method, "GET")
        XCTAssertEqual(form.fields.map(\.name), ["from", "to", "date"])
        XCTAssertEqual(form.value("date"), ChinaTime.today().description)
    }

    func testSearchFormSubmitsFromToAndDate() throws {
        let client = try TestSite.makeClient()
        let page = try client.get("/")
        var form = try page.document().form(action: "/search")
        try form.fill("from", "北京南")
        try form.fill("to", "上海虹桥")
        let submission = try form.submission()
        XCTAssertEqual(submission.method, "GET")
        XCTAssertEqual(submission.fields.map(\.value), ["北京南", "上海虹桥", ChinaTime.today().description])
    }

    func testAcceptLanguageChoosesEnglish() throws {
        let client = try TestSite.makeClient(acceptLanguage: "en-GB,en;q=0.9,zh;q=0.5")
        let document = try client.get("/").document()
        XCTAssertEqual(document.node("/html")?.attribute("lang"), "en")
        XCTAssertEqual(document.text("//h1"), "Where are you travelling?")
        XCTAssertEqual(document.text("//label[@for='search-from']"), "From")
    }

    func testLanguageSwitchRemembersTheChoiceAndReturnsToThePage() throws {
        let client = try TestSite.makeClient()
        let start = try client.get("/?from=x")
        let link = try XCTUnwrap(start.document().node("//ul[contains(@class,'language-switch')]//a[@hreflang='en']"))
        let switched = try client.get(try XCTUnwrap(link.attribute("href")))
        XCTAssertEqual(switched.redirects, ["/?from=x"])
        XCTAssertEqual(client.cookies["lang"], "en")
        XCTAssertEqual(try switched.document().node("/html")?.attribute("lang"), "en")
        XCTAssertEqual(try client.get("/").document().text("//h1"), "Where are you travelling?")
        XCTAssertEqual(try client.get("/").document().text("//ul[contains(@class,'language-switch')]//*[@aria-current='true']"), "English")
    }

    func testLanguageSwitchRefusesToRedirectOffSite() throws {
        let client = try TestSite.makeClient()
        for back in ["//evil.example/", "https://evil.example/", "/\\evil.example", "/\u{1}x", "javascript:alert(1)"] {
            let response = try client.send(
                .get, "/language/en?back=\(PercentEncoding.encode(back))", headers: Headers(), body: [],
                followRedirects: false)
            XCTAssertEqual(response.status, .seeOther)
            XCTAssertEqual(response.headers["Location"], "/", back)
        }
        XCTAssertEqual(try client.get("/language/fr").status, .notFound)
    }

    func testEveryResponseCarriesSecurityHeaders() throws {
        let client = try TestSite.makeClient()
        for target in ["/", "/css/site.css", "/no-such-page"] {
            let response = try client.get(target)
            XCTAssertEqual(response.headers["X-Content-Type-Options"], "nosniff", target)
            XCTAssertEqual(response.headers["Referrer-Policy"], "same-origin", target)
            let policy = try XCTUnwrap(response.headers["Content-Security-Policy"], target)
            XCTAssertTrue(policy.contains("default-src 'self'") && policy.contains("frame-ancestors 'none'"), target)
            XCTAssertFalse(policy.contains("unsafe-inline"), target)
        }
    }

    func testStylesheetAndLogoAreServed() throws {
        let client = try TestSite.makeClient()
        let css = try client.get("/css/site.css")
        XCTAssertEqual(css.status, .ok)
        XCTAssertEqual(css.headers["Content-Type"], "text/css; charset=utf-8")
        XCTAssertEqual(try client.get("/images/logo.svg").headers["Content-Type"], "image/svg+xml")
    }
}
