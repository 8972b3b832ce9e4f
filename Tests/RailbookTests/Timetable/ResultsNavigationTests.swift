import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// The date strip and the filter form are rendered once per search and shared by every day of it:
/// a traveller going through the days of the strip gets each day's page with that day marked and
/// kept in the form, the search's filters and sort in every link, and only the day's rows made anew.
final class ResultsNavigationTests: XCTestCase {
    /// Tomorrow: every test train is still to leave, whatever the time of day the tests run.
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    private func strip(_ document: HTMLDocument) -> [HTMLNode] {
        document.nodes("//nav[contains(@class,'date-strip')]//a")
    }

    func testAnotherDayOfTheStripSharesItsStripAndFiltersAndMarksItsOwnDay() throws {
        let client = try TimetableFixtures.client()
        let parts = client.application.railway.resultsCache.parts
        let first = try client.get(
            "/search?from=\(PercentEncoding.encode("甲城"))&to=\(PercentEncoding.encode("乙城"))&date=\(tomorrow)"
                + "&type=G&sort=price")
        let later = tomorrow.adding(days: 3)
        let link = try XCTUnwrap(strip(try first.document()).first { $0.attribute("data-date") == later.description })
        let before = parts.statistics
        let second = try client.get(try XCTUnwrap(link.attribute("href")))
        let document = try second.document()

        let rows = document.count("//ol[@class='trip-list']/li")
        XCTAssertEqual(
            document.nodes("//ol[@class='trip-list']/li").compactMap { $0.attribute("data-train") }, ["G101", "G103"],
            "the G trains, cheapest first")
        XCTAssertEqual(parts.statistics.misses - before.misses, rows, "only the day's rows were made")
        XCTAssertEqual(parts.statistics.hits - before.hits, 3, "the lowest fares, the strip and the filter fields were found")

        let days = strip(document)
        XCTAssertEqual(days.count, 15)
        XCTAssertEqual(
            days.filter { $0.attribute("aria-current") == "date" }.compactMap { $0.attribute("data-date") }, [later.description],
            "the strip marks the page's day, and only it")
        for day in days {
            let href = try XCTUnwrap(day.attribute("href"))
            XCTAssertTrue(
                href.contains("date=\(try XCTUnwrap(day.attribute("data-date")))") && href.contains("type=G")
                    && href.contains("sort=price"), href)
        }
        let firstAgain = try client.get(first.target)
        XCTAssertEqual(
            strip(try firstAgain.document()).filter { $0.attribute("aria-current") == "date" }.compactMap { $0.attribute("data-date") },
            [tomorrow.description], "the first day's page, asked again after the other day's, marks its own day")

        var filters = try document.form("//aside//form")
        XCTAssertEqual(filters.value("date"), later.description, "the filter form keeps the page's day")
        XCTAssertEqual(filters.value("sort"), "price")
        try filters.check("from_station", value: "AAA")
        let filtered = try client.submit(filters, from: second)
        XCTAssertEqual(try filtered.document().nodes("//ol[@class='trip-list']/li").compactMap { $0.attribute("data-train") }, ["G101"])
        XCTAssertEqual(
            try filtered.document().node("//nav[contains(@class,'date-strip')]//a[@aria-current='date']")?.attribute("data-date"),
            later.description)
    }

    func testTheStripAndFormFollowTheLanguageAndTheChoices() throws {
        let client = try TimetableFixtures.client()
        let english = TestClient(application: client.application, acceptLanguage: "en")
        let path = "/search?from=\(PercentEncoding.encode("甲城"))&to=\(PercentEncoding.encode("乙城"))&date=\(tomorrow)"
        let filtered = try client.get(path + "&type=K&available=1").document()
        XCTAssertNotNil(filtered.node("//input[@id='filter-type-K'][@checked]"), "the chosen type is checked")
        XCTAssertNil(filtered.node("//input[@id='filter-type-G'][@checked]"))
        XCTAssertNotNil(filtered.node("//input[@id='filter-available'][@checked]"))
        XCTAssertEqual(filtered.text("//summary//span[@class='filters__count']"), "2")

        let chinese = try client.get(path).document()
        XCTAssertNil(chinese.node("//aside//form//input[@checked]"), "the unfiltered search after it checks nothing")
        XCTAssertNil(chinese.node("//summary//span[@class='filters__count']"))
        XCTAssertFalse(try XCTUnwrap(chinese.node("//nav[contains(@class,'date-strip')]//a")?.attribute("href")).contains("type=K"))
        let withTransfers = try client.get(path + "&transfers=1").document()
        XCTAssertEqual(
            withTransfers.node("//aside//form//input[@name='transfers']")?.attribute("value"), "1",
            "the filter form keeps the journeys with a change")
        XCTAssertNil(try client.get(path).document().node("//aside//form//input[@name='transfers']"), "and only for that search")
        let typed = try client.get("/search?from=jiacheng&to=yicheng&date=\(tomorrow)").document()
        XCTAssertEqual(try typed.form("//aside//form").value("from"), "jiacheng", "the form keeps the stations as they were typed")
        XCTAssertEqual(
            typed.nodes("//aside//form//input[@type='checkbox']").compactMap { $0.attribute("id") },
            chinese.nodes("//aside//form//input[@type='checkbox']").compactMap { $0.attribute("id") },
            "and offers the same choices as for the names")
        let inEnglish = try english.get(path).document()
        XCTAssertEqual(chinese.text("//aside//form//label[@for='filter-type-G']"), "高铁（G）")
        XCTAssertEqual(inEnglish.text("//aside//form//label[@for='filter-type-G']"), "High-speed (G)")
        XCTAssertNotNil(chinese.node("//nav[contains(@class,'date-strip')]//span[@class='date-strip__lunar']"), "lunar dates in Chinese")
        let englishLunar = try XCTUnwrap(
            inEnglish.node("//nav[contains(@class,'date-strip')]//span[@class='date-strip__lunar']"),
            "no lunar dates in English")
        XCTAssertTrue(englishLunar.text.hasPrefix("Lunar "), "a lunar date in Chinese on an English page: \(englishLunar.text)")
    }
}
