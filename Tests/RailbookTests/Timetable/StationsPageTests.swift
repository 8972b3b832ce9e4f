import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

final class StationsPageTests: XCTestCase {
    private var client: TestClient!

    override func setUpWithError() throws {
        client = try TimetableFixtures.client()
    }

    private func stations(_ document: HTMLDocument, in section: String) -> [String] {
        document.nodes("//section[@id='\(section)']//li[@data-station]").compactMap { $0.attribute("data-station") }
    }

    private func listed(_ document: HTMLDocument) -> [String] {
        document.nodes("//section[starts-with(@id,'letter-')]//li[@data-station]").compactMap { $0.attribute("data-station") }
    }

    func testStationsAreGroupedByPinyinInitialWithHotStationsFirst() throws {
        let page = try client.get("/stations")
        XCTAssertEqual(page.status, .ok)
        let document = try page.document()
        let sections = document.nodes("//section[contains(@class,'station-group')]").compactMap { $0.attribute("id") }
        XCTAssertEqual(sections, ["hot", "letter-B", "letter-D", "letter-J", "letter-Y"])
        XCTAssertEqual(stations(document, in: "hot"), ["AAA", "BBB"])
        XCTAssertEqual(stations(document, in: "letter-J"), ["AAA", "AAB"])
        XCTAssertEqual(document.text("//section[@id='letter-B']/h2"), "B")
        XCTAssertEqual(listed(document), ["CCC", "DDD", "AAA", "AAB", "BBB"], "every station once, by pinyin")
        let entry = try XCTUnwrap(document.node("//section[@id='letter-J']//li[@data-station='AAB']"))
        XCTAssertEqual(entry.text("span[@class='station__name']"), "甲城东")
        XCTAssertEqual(entry.text("span[@class='station__code']"), "AAB")
        XCTAssertEqual(entry.text("span[@class='station__pinyin']"), "jiachengdong")
    }

    func testTheLetterIndexLinksToEveryGroup() throws {
        let document = try client.get("/stations").document()
        let targets = document.nodes("//nav[@class='letter-index']//a").compactMap { $0.attribute("href") }
        XCTAssertEqual(targets, ["#hot", "#letter-B", "#letter-D", "#letter-J", "#letter-Y"])
        for target in targets {
            XCTAssertEqual(document.count("//*[@id='\(target.dropFirst())']"), 1, target)
        }
        XCTAssertEqual(document.text("//nav[@class='letter-index']//a[@href='#letter-Y']"), "Y")
    }

    func testFromAndToLinksPrefillTheHomeSearchForm() throws {
        let page = try client.get("/stations")
        let entry = try XCTUnwrap(page.document().node("//section[@id='letter-Y']//li[@data-station='BBB']"))
        let fromHref = try XCTUnwrap(entry.node("span/a[1]")?.attribute("href"))
        let toHref = try XCTUnwrap(entry.node("span/a[2]")?.attribute("href"))
        XCTAssertEqual(fromHref, "/?from=BBB")
        XCTAssertEqual(toHref, "/?to=BBB")
        XCTAssertEqual(entry.node("span/a[1]")?.attribute("aria-label"), "查询从乙城出发的车次")
        let from = try client.get(fromHref).document().form(action: "/search")
        XCTAssertEqual(from.value("from"), "乙城")
        XCTAssertEqual(from.value("to"), "")
        let to = try client.get(toHref).document().form(action: "/search")
        XCTAssertEqual(to.value("from"), "")
        XCTAssertEqual(to.value("to"), "乙城")
        let both = try client.get("/?from=jc&to=\(PercentEncoding.encode("丙城"))").document().form(action: "/search")
        XCTAssertEqual([both.value("from"), both.value("to")], ["甲城", "丙城"])
        XCTAssertEqual(try client.get("/?from=nowhere").document().form(action: "/search").value("from"), "", "only stations prefill")
    }

    func testTheFilterNarrowsByNamePinyinInitialsCodeAndCity() throws {
        let cases = [
            ("丙", ["CCC"]), ("jc", ["AAA", "AAB"]), ("yicheng", ["BBB"]), ("ddd", ["DDD"]), ("甲城", ["AAA", "AAB"]),
            ("甲城东站", ["AAB"]), (" B ", ["CCC", "BBB"]),
        ]
        for (query, expected) in cases {
            let page = try client.get("/stations?q=\(PercentEncoding.encode(query))")
            XCTAssertEqual(page.status, .ok, query)
            let document = try page.document()
            XCTAssertEqual(listed(document), expected, query)
            XCTAssertNil(document.node("//section[@id='hot']"), "no hot section while filtering: \(query)")
            XCTAssertEqual(try document.form(action: "/stations").value("q"), query.trimmed, query)
            XCTAssertTrue(document.text("//p[@class='stations-summary']")?.contains("共 \(expected.count) 个车站") ?? false, query)
        }
    }

    func testTheFilterFormIsAGetFormABrowserCanSubmit() throws {
        let page = try client.get("/stations")
        var form = try page.document().form(action: "/stations")
        XCTAssertEqual(form.method, "GET")
        XCTAssertEqual(form.fields.map(\.name), ["q"])
        try form.fill("q", "dc")
        let filtered = try client.submit(form, from: page)
        XCTAssertEqual(filtered.target, "/stations?q=dc")
        XCTAssertEqual(listed(try filtered.document()), ["DDD"])
    }

    func testNoMatchSaysSoAndSuggestsStations() throws {
        let page = try client.get("/stations?q=jiachemg")
        XCTAssertEqual(page.status, .ok)
        let document = try page.document()
        XCTAssertEqual(document.text("//div[@role='alert']/p[1]"), "没有车站符合“jiachemg”。")
        XCTAssertEqual(document.nodes("//ul[@class='suggestions']//a").compactMap { $0.attribute("data-station") }, ["AAA"])
        XCTAssertEqual(document.node("//ul[@class='suggestions']//a")?.attribute("href"), "/stations?q=AAA")
        XCTAssertEqual(listed(document), [])
        XCTAssertNil(document.node("//nav[@class='letter-index']"))
        let nothing = try client.get("/stations?q=%3Cscript%3E").document()
        XCTAssertEqual(nothing.text("//div[@role='alert']/p[1]"), "没有车站符合“<script>”。")
        XCTAssertNil(nothing.node("//ul[@class='suggestions']"))
        XCTAssertNil(nothing.node("//script"))
    }

    func testTheHeaderLinksToTheStationsPage() throws {
        let document = try client.get("/").document()
        XCTAssertEqual(document.text("//header//nav//a[@href='/stations']"), "车站")
        let english = try TimetableFixtures.client(acceptLanguage: "en").get("/stations").document()
        XCTAssertEqual(english.text("//header//nav//a[@href='/stations']"), "Stations")
        XCTAssertEqual(english.text("//h1"), "All stations")
        XCTAssertEqual(english.text("//section[@id='hot']//li[@data-station='AAA']//a[1]"), "From here")
    }
}
