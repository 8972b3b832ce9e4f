import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// Every mistake in a search comes back as the form with a clear message, never an error page.
final class SearchErrorTests: XCTestCase {
    private var client: TestClient!
    private var today: CivilDate { ChinaTime.today() }

    override func setUpWithError() throws {
        client = try TimetableFixtures.client()
    }

    private func problems(_ target: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let response = try client.get(target)
        XCTAssertEqual(response.status, .unprocessableContent, target, file: file, line: line)
        let document = try response.document()
        XCTAssertNotNil(try? document.form(action: "/search"), "the form comes back", file: file, line: line)
        return document.nodes("//div[@role='alert']/ul[1]/li").map(\.text)
    }

    func testUnknownStationSuggestsCloseMatches() throws {
        let response = try client.get("/search?from=jiachen&to=%E4%B9%99%E5%9F%8E&date=\(today.adding(days: 1))")
        let document = try response.document()
        XCTAssertEqual(document.nodes("//div[@role='alert']/ul[1]/li").map(\.text), ["找不到名为“jiachen”的车站。"])
        XCTAssertEqual(document.nodes("//ul[@class='suggestions']/li").first?.text, "甲城 (AAA)")
        XCTAssertEqual(try document.form(action: "/search").value("from"), "jiachen", "the typed value is kept")
    }

    func testMissingStationsAndSameStationOrCity() throws {
        let date = today.adding(days: 1)
        XCTAssertEqual(try problems("/search?from=&to=&date=\(date)"), ["请填写出发地。", "请填写目的地。"])
        XCTAssertEqual(try problems("/search?from=AAA&to=jc&date=\(date)"), ["出发站和到达站相同。"])
        XCTAssertEqual(try problems("/search?from=AAA&to=AAB&date=\(date)"), ["两个车站都在甲城，请选择不同城市的车站。"])
    }

    func testDatesMissingMalformedPastAndBeyondThePresaleWindow() throws {
        XCTAssertEqual(try problems("/search?from=AAA&to=BBB"), ["请选择出发日期。"])
        XCTAssertEqual(try problems("/search?from=AAA&to=BBB&date=2026-02-30"), ["日期无效，请使用 YYYY-MM-DD 格式。"])
        XCTAssertEqual(try problems("/search?from=AAA&to=BBB&date=tomorrow"), ["日期无效，请使用 YYYY-MM-DD 格式。"])
        XCTAssertEqual(try problems("/search?from=AAA&to=BBB&date=\(today.adding(days: -1))"), ["该日期已过，请选择今天或以后的日期。"])
        let beyond = today.adding(days: 15)
        XCTAssertEqual(
            try problems("/search?from=AAA&to=BBB&date=\(beyond)"),
            ["\(beyond) 的车票尚未开售，将于 \(today.adding(days: 1)) 开始预售。"])
        XCTAssertEqual(try client.get("/search?from=AAA&to=BBB&date=\(today.adding(days: 14))").status, .ok, "the last presale day")
    }

    func testMalformedFilterValuesAreReported() throws {
        let date = today.adding(days: 1)
        XCTAssertEqual(try problems("/search?from=AAA&to=BBB&date=\(date)&sort=fastest"), ["该排序方式无效。"])
        XCTAssertEqual(try problems("/search?from=AAA&to=BBB&date=\(date)&type=X"), ["网址中的某个筛选条件无效，其余条件仍然生效。"])
        XCTAssertEqual(try problems("/search?from=AAA&to=BBB&date=\(date)&time=25-26"), ["网址中的某个筛选条件无效，其余条件仍然生效。"])
        XCTAssertEqual(try client.get("/search?from=%E5%8C&to=BBB").status, .badRequest, "broken encoding is a bad request page")
    }

    func testErrorsInEnglish() throws {
        let english = TestClient(application: client.application, acceptLanguage: "en")
        let document = try english.get("/search?from=AAA&to=AAA&date=\(today.adding(days: 1))").document()
        XCTAssertEqual(document.text("//div[@role='alert']/ul[1]/li"), "The departure and arrival stations are the same.")
    }
}
