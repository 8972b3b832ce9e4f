import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

final class SearchTests: XCTestCase {
    private var client: TestClient!
    /// Tomorrow: every test train is still to leave, whatever the time of day the tests run.
    private var today: CivilDate { ChinaTime.today().adding(days: 1) }

    override func setUpWithError() throws {
        client = try TimetableFixtures.client()
    }

    private func search(_ from: String, _ to: String, date: CivilDate? = nil, extra: String = "") throws -> TestResponse {
        try client.get("/search?from=\(PercentEncoding.encode(from))&to=\(PercentEncoding.encode(to))&date=\((date ?? today).description)\(extra)")
    }

    private func trains(_ document: HTMLDocument) -> [String] {
        document.nodes("//li[@class='trip']").compactMap { $0.attribute("data-train") }
    }

    func testSearchFromTheHomePageFormListsTrainsOfTheWholeCity() throws {
        let home = try client.get("/")
        var form = try home.document().form(action: "/search")
        try form.fill("from", "甲城")
        try form.fill("to", "乙城")
        try form.fill("date", today.description)
        let page = try client.submit(form, from: home)
        XCTAssertEqual(page.status, .ok)
        let document = try page.document()
        XCTAssertEqual(trains(document), ["G101", "G103", "K201"])
        XCTAssertEqual(document.text("//li[@data-train='G103']//span[@data-station='AAB']"), "甲城东")
        XCTAssertEqual(document.text("//li[@data-train='K201']//span[@class='trip__time'][2]"), "02:00+1")
        XCTAssertEqual(document.text("//li[@data-train='G101']//span[@class='trip__duration']"), "1小时0分")
        XCTAssertEqual(document.node("//li[@data-train='G101']")?.attribute("data-date"), today.description)
    }

    func testPricesSeatsLeftAndBookingLinks() throws {
        let document = try search("甲城", "丙城").document()
        let second = try XCTUnwrap(document.node("//li[@data-train='G101']//li[@data-class='second']"))
        XCTAssertEqual(second.attribute("data-seats"), "540")
        XCTAssertEqual(second.text.contains("有"), true)
        XCTAssertEqual(document.text("//li[@data-train='G101']//li[@data-class='second']/span[@class='trip__price']"), "¥276")
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: today)
        XCTAssertEqual(
            document.node("//li[@data-train='G101']//li[@data-class='second']/a")?.attribute("href"),
            "/book?run=\(runID)&from=AAA&to=CCC&class=second")
        XCTAssertEqual(document.count("//li[@data-train='G101']//li[@data-class]"), 3)
    }

    func testASeatSoldForOneSegmentIsStillFreeForTheNext() throws {
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: today)
        try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .second, from: 0, to: 1)
        let soldOut = try search("甲城", "乙城").document()
        let second = try XCTUnwrap(soldOut.node("//li[@data-train='G101']//li[@data-class='second']"))
        XCTAssertEqual(second.attribute("data-seats"), "0")
        XCTAssertEqual(soldOut.text("//li[@data-train='G101']//li[@data-class='second']/span[contains(@class,'trip__seats')]"), "无")
        XCTAssertEqual(
            soldOut.node("//li[@data-train='G101']//li[@data-class='second']/a")?.attribute("href"),
            "/waitlist/new?run=\(runID)&from=AAA&to=BBB&class=second")
        let onward = try search("乙城", "丙城").document()
        XCTAssertEqual(onward.node("//li[@data-train='G101']//li[@data-class='second']")?.attribute("data-seats"), "540")
        let whole = try search("甲城", "丙城").document()
        XCTAssertEqual(whole.node("//li[@data-train='G101']//li[@data-class='second']")?.attribute("data-seats"), "0")
    }

    func testCachedResultsShowSeatsSoldAfterThem() throws {
        XCTAssertEqual(try search("甲城", "乙城").document().node("//li[@data-train='G101']//li[@data-class='second']")?.attribute("data-seats"), "540")
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: today)
        try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .second, from: 0, to: 1)
        XCTAssertEqual(try search("甲城", "乙城").document().node("//li[@data-train='G101']//li[@data-class='second']")?.attribute("data-seats"), "0")
    }

    func testOvernightTrainIsFoundOnTheDayItReachesTheOrigin() throws {
        let tomorrow = today.adding(days: 1)
        let document = try search("乙城", "丁城", date: tomorrow).document()
        XCTAssertEqual(trains(document), ["K201"])
        let runID = try TimetableFixtures.runID(client.application, train: "K201", date: today)
        XCTAssertTrue(
            document.node("//li[@data-train='K201']//a[contains(@href,'/book?')]")?.attribute("href")?
                .hasPrefix("/book?run=\(runID)&") ?? false, "the run that started the day before")
        XCTAssertEqual(document.node("//li[@data-train='K201']")?.attribute("data-date"), tomorrow.description)
        XCTAssertEqual(trains(try search("乙城", "丁城").document()), ["K201"], "today's 02:10 call belongs to yesterday's run")
    }

    func testCancelledRunsAreLeftOut() throws {
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: today)
        _ = try client.application.database.write { try $0.run("UPDATE runs SET status = 'cancelled' WHERE id = ?", [runID]) }
        client.application.railway.runs.forgetAll()
        XCTAssertEqual(trains(try search("甲城", "乙城").document()), ["G103", "K201"])
    }

    func testStationsAreFoundByPinyinInitialsCodeAndCity() throws {
        for (from, to) in [("jiacheng", "yicheng"), ("jc", "yc"), ("AAA", "bbb"), ("甲城站", " 乙城 ")] {
            XCTAssertEqual(try search(from, to).status, .ok, "\(from) → \(to)")
        }
    }

    func testFiltersSortAndDayLinksKeepTheFilters() throws {
        XCTAssertEqual(trains(try search("甲城", "乙城", extra: "&type=K").document()), ["K201"])
        XCTAssertEqual(trains(try search("甲城", "乙城", extra: "&time=6-12").document()), ["G101", "G103"])
        XCTAssertEqual(trains(try search("甲城", "乙城", extra: "&from_station=AAB").document()), ["G103"])
        XCTAssertEqual(trains(try search("甲城", "乙城", extra: "&sort=duration").document()), ["G101", "G103", "K201"])
        XCTAssertEqual(trains(try search("甲城", "乙城", extra: "&sort=price").document()), ["K201", "G101", "G103"])
        let document = try search("甲城", "乙城", extra: "&type=G&available=1").document()
        let next = try XCTUnwrap(document.node("//a[@rel='next']")?.attribute("href"))
        XCTAssertTrue(next.contains("date=\(today.adding(days: 1))") && next.contains("type=G") && next.contains("available=1"), next)
        XCTAssertNotNil(document.node("//a[@rel='prev']"))
        XCTAssertNil(try search("甲城", "乙城", date: ChinaTime.today()).document().node("//a[@rel='prev']"), "no previous day before today")
        XCTAssertEqual(document.count("//nav[contains(@class,'date-strip')]//a"), 15)
        XCTAssertEqual(document.node("//nav[contains(@class,'date-strip')]//a[@aria-current='date']")?.attribute("data-date"), today.description)
    }

    func testTheFilterFormSubmitsAsABrowserWould() throws {
        let page = try search("甲城", "乙城")
        var filters = try page.document().form("//aside//form")
        try filters.check("type", value: "G")
        try filters.check("from_station", value: "AAA")
        let filtered = try client.submit(filters, from: page)
        XCTAssertEqual(trains(try filtered.document()), ["G101"])
    }

    func testSwapExchangesOriginAndDestination() throws {
        let page = try client.get("/search?from=%E7%94%B2%E5%9F%8E&to=%E4%B8%99%E5%9F%8E&date=\(today)&swap=1")
        XCTAssertEqual(try page.document().form(action: "/search").value("from"), "丙城")
    }
}
