import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// The results page as a traveller reads it: one row per train with a cell per class column, the
/// cancelled runs of the day marked 停运, the cheapest fare of each day on the date strip, and the
/// search form folded into one line above them.
final class ResultsPageTests: XCTestCase {
    /// Tomorrow: every test train is still to leave, whatever the time of day the tests run.
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    private func search(_ client: TestClient, _ from: String = "甲城", _ to: String = "乙城", date: CivilDate? = nil) throws -> HTMLDocument {
        try client.get("/search?from=\(PercentEncoding.encode(from))&to=\(PercentEncoding.encode(to))&date=\((date ?? tomorrow).description)")
            .document()
    }

    /// `¥553.5` → 55350.
    private func fen(_ text: String) -> Int? {
        let parts = text.filter { !$0.isWhitespace }.dropFirst().split(separator: ".")
        guard let yuan = parts.first.flatMap({ Int($0) }) else { return nil }
        return yuan * 100 + (parts.count > 1 ? (Int(parts[1]) ?? 0) * 10 : 0)
    }

    /// An administrator cancels `train`'s run on `date` through the back office.
    private func cancel(_ train: String, on date: CivilDate, admin: TestClient) throws {
        let runPage = try admin.get("/admin/runs?train=\(train)&date=\(date)")
        let confirmation = try admin.get(try XCTUnwrap(try runPage.document().node("//a[@data-cancel]")?.attribute("href")))
        let runID = try TimetableFixtures.runID(admin.application, train: train, date: date)
        let done = try admin.submit(try confirmation.document().form(action: "/admin/runs/\(runID)/cancel"), from: confirmation)
        XCTAssertEqual(try done.document().node("//section[@data-run]")?.attribute("data-status"), "cancelled")
    }

    func testEveryRowHasOneCellPerClassColumnWithSeatsLeftAndPrice() throws {
        let document = try search(try TimetableFixtures.client())
        let columns = document.nodes("//div[@class='trip-header']//span[@data-class]").compactMap { $0.attribute("data-class") }
        XCTAssertEqual(
            Set(columns), ["business", "first", "second", "soft_sleeper", "hard_sleeper", "hard_seat"],
            "the classes of the G and K trains listed, once each")
        XCTAssertEqual(document.text("//div[@class='trip-header']//span[@data-class='second']"), "二等座")
        for train in ["G101", "G103", "K201"] {
            let cells = document.nodes("//li[@data-train='\(train)']/ul[@class='trip__classes']/li")
            XCTAssertEqual(cells.map { $0.attribute("data-class") ?? "none" }.count, columns.count, train)
            for (cell, column) in zip(cells, columns) where cell.attribute("data-class") != nil {
                XCTAssertEqual(cell.attribute("data-class"), column, "\(train): the cells follow the columns")
            }
        }
        XCTAssertEqual(document.count("//li[@data-train='G101']/ul/li[@data-class]"), 3)
        XCTAssertEqual(document.count("//li[@data-train='G101']/ul/li[contains(@class,'trip__class--absent')]"), 3, "no sleepers on a G train")
        let second = try XCTUnwrap(document.node("//li[@data-train='G101']//li[@data-class='second']"))
        XCTAssertEqual(second.attribute("data-seats"), "540")
        XCTAssertEqual(document.text("//li[@data-train='G101']//li[@data-class='second']/span[contains(@class,'trip__seats')]"), "有")
        XCTAssertEqual(document.text("//li[@data-train='G101']//li[@data-class='second']/span[@class='trip__price']"), "¥138")
        XCTAssertEqual(document.text("//li[@data-train='G101']//li[@data-class='second']/a"), "预订")
    }

    func testTheStationsMostTrainsUseAreNamedOnceAndOthersOnTheirRow() throws {
        let document = try search(try TimetableFixtures.client())
        XCTAssertEqual(document.text("//h1[@id='results-heading']"), "共 3 个车次 · 甲城 → 乙城")
        XCTAssertNil(document.node("//li[@data-train='G101']//p[@class='trip__stations']"), "G101 leaves from 甲城 like most")
        XCTAssertEqual(document.text("//li[@data-train='G103']//span[@data-station='AAB']"), "甲城东")
    }

    func testTheSearchFormFoldsIntoOneLineAboveTheResults() throws {
        let client = try TimetableFixtures.client()
        let page = try client.get("/search?from=%E7%94%B2%E5%9F%8E&to=%E4%B9%99%E5%9F%8E&date=\(tomorrow)")
        let document = try page.document()
        XCTAssertEqual(
            document.text("//details[@class='search-fold']/summary"),
            "甲城 → 乙城 \(tomorrow.month)月\(tomorrow.day)日 周\(Array("日一二三四五六")[tomorrow.weekday]) 更改")
        XCTAssertNil(document.node("//details[@class='search-fold']/@open"), "folded until the traveller opens it")
        var form = try document.form("//details[@class='search-fold']//form[@action='/search']")
        try form.fill("to", "丙城")
        let changed = try client.submit(form, from: page).document()
        XCTAssertEqual(changed.nodes("//ol[@class='trip-list']/li").compactMap { $0.attribute("data-train") }, ["G101"])
        XCTAssertNotNil(document.node("//aside[@class='filters']/details[@class='filters__fold']/form"), "the filters are folded at the top too")
        XCTAssertNil(document.node("//aside[@class='filters']/details/@open"))
    }

    func testACancelledRunIsListedAsCancelledWithNothingToBook() throws {
        let client = try TimetableFixtures.client()
        let admin = try AdminFixtures.admin(on: TestClient(application: client.application))
        try cancel("G101", on: tomorrow, admin: admin)
        let document = try search(client)
        let row = try XCTUnwrap(document.node("//li[@data-train='G101']"))
        XCTAssertEqual(row.attribute("data-status"), "cancelled")
        XCTAssertEqual(document.text("//li[@data-train='G101']/p[@class='trip__cancelled']"), "停运")
        XCTAssertEqual(document.count("//li[@data-train='G101']//a[contains(@href,'/book?') or contains(@href,'/waitlist/')]"), 0)
        XCTAssertEqual(document.count("//li[@data-train='G103']//li[@data-class='second']/a[starts-with(@href,'/book?')]"), 1, "the others run")
        let dayAfter = try search(client, date: tomorrow.adding(days: 1))
        XCTAssertNil(dayAfter.node("//li[@data-status='cancelled']"), "only that day's run")
        XCTAssertEqual(dayAfter.count("//li[@data-train='G101']//li[@data-class='second']/a[starts-with(@href,'/book?')]"), 1)
        let englishVisitor = TestClient(application: client.application)
        englishVisitor.cookies["lang"] = "en"
        XCTAssertEqual(try search(englishVisitor).text("//li[@data-train='G101']/p[@class='trip__cancelled']"), "Cancelled")
        let booked = try client.get("/search?from=%E7%94%B2%E5%9F%8E&to=%E4%B9%99%E5%9F%8E&date=\(tomorrow)&available=1").document()
        XCTAssertNil(booked.node("//li[@data-train='G101']"), "\"only trains with seats\" leaves it out")
    }

    func testTheDateStripShowsTheLowestFareOfEachDayFromTheTrainsThatRun() throws {
        let client = try TimetableFixtures.client()
        let document = try search(client)
        let prices = document.nodes("//ol[@class='trip-list']//span[@class='trip__price']").compactMap { fen($0.text) }
        let lowest = try XCTUnwrap(prices.min())
        let day = try XCTUnwrap(document.node("//nav[contains(@class,'date-strip')]//a[@data-date='\(tomorrow)']"))
        XCTAssertEqual(day.attribute("data-lowest-fare"), String(lowest))
        XCTAssertEqual(
            document.text("//nav[contains(@class,'date-strip')]//a[@data-date='\(tomorrow)']/span[@class='date-strip__fare']"),
            Money.format(lowest) + "起")
        XCTAssertEqual(document.count("//nav[contains(@class,'date-strip')]//span[@class='date-strip__fare']"), 15, "every day on sale has trains")
        let noTrain = try search(client, "丁城", "甲城")
        XCTAssertEqual(noTrain.count("//nav[contains(@class,'date-strip')]//a[@data-lowest-fare]"), 0, "no train that way: no fare to give")

        // With the train of the cheapest fare cancelled one day, that day shows the next cheapest.
        let cheapest = try XCTUnwrap(
            document.nodes("//ol[@class='trip-list']/li").first { row in
                row.nodes(".//span[@class='trip__price']").contains { fen($0.text) == lowest }
            }?.attribute("data-train"))
        let later = tomorrow.adding(days: 2)
        try cancel(cheapest, on: later, admin: try AdminFixtures.admin(on: TestClient(application: client.application)))
        let strip = try search(client)
        let others = document.nodes("//ol[@class='trip-list']/li[@data-train!='\(cheapest)']//span[@class='trip__price']").compactMap { fen($0.text) }
        XCTAssertEqual(
            strip.node("//nav[contains(@class,'date-strip')]//a[@data-date='\(later)']")?.attribute("data-lowest-fare"),
            String(try XCTUnwrap(others.min())))
        XCTAssertEqual(strip.node("//nav[contains(@class,'date-strip')]//a[@data-date='\(tomorrow)']")?.attribute("data-lowest-fare"), String(lowest))
    }

    func testEnglishResultsNameTheColumnsAndTheFold() throws {
        let document = try search(try TimetableFixtures.client(acceptLanguage: "en"))
        XCTAssertEqual(document.text("//div[@class='trip-header']//span[@data-class='second']"), "Second class")
        XCTAssertEqual(document.text("//h1[@id='results-heading']"), "3 trains · 甲城 → 乙城")
        XCTAssertTrue(document.text("//details[@class='search-fold']/summary")?.hasSuffix("Change") ?? false)
        XCTAssertTrue(
            document.text("//nav[contains(@class,'date-strip')]//a[@data-date='\(tomorrow)']/span[@class='date-strip__fare']")?
                .hasPrefix("from ¥") ?? false)
    }
}
