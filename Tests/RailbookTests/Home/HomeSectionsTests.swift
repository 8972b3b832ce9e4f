import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// The home page beyond the search form: the hot routes travellers booked, the administrators'
/// notices, the calendar and the recent searches.
final class HomeSectionsTests: XCTestCase {
    private func routes(_ document: HTMLDocument) -> [String] {
        document.nodes("//section[contains(@class,'home__hot')]//li[@data-route]").compactMap { $0.attribute("data-route") }
    }

    /// A visitor (past the welcome) of a site with the demo network.
    private func demoVisitor(acceptLanguage: String = "zh-CN") throws -> TestClient {
        let application = try Application(configuration: try TestSite.configuration { $0.loadsDemoData = true })
        let client = TestClient(application: application, acceptLanguage: acceptLanguage)
        client.cookies["welcomed"] = "1"
        return client
    }

    func testWithoutSalesTheHotRoutesAreWellKnownRoutesOfTheNetwork() throws {
        XCTAssertNil(
            try TestSite.makeClient().get("/").document().node("//section[contains(@class,'home__hot')]"),
            "no sales and none of the well-known stations: no section")
        let document = try demoVisitor().get("/").document()
        XCTAssertEqual(routes(document), ["VNP-AOH", "IZQ-IOQ", "AOH-HGH", "VNP-TJP", "ICW-CUW", "AOH-NKH"])
        XCTAssertEqual(document.text("//li[@data-route='VNP-AOH']/a"), "北京南 → 上海虹桥")
        XCTAssertEqual(document.node("//li[@data-route='VNP-AOH']")?.attribute("data-tickets"), "0")
        XCTAssertNil(document.node("//li[@data-route='VNP-AOH']/span[@class='hot-routes__tickets']"), "no sales to count")
        let english = try demoVisitor(acceptLanguage: "en").get("/").document()
        XCTAssertEqual(english.text("//li[@data-route='VNP-AOH']/a"), "Beijing South → Shanghai Hongqiao")
        XCTAssertEqual(english.text("//h2[@id='hot-heading']"), "Popular routes")
    }

    func testHotRoutesFollowTheTicketsBookedInTheLastWeek() throws {
        let first = try BookingFixtures.traveller()
        XCTAssertEqual(try BookingFixtures.book(try BookingFixtures.bookPage(with: first), with: first).status, .ok)
        let home = try first.get("/").document()
        XCTAssertEqual(routes(home).first, "AAA-CCC", "甲城 → 丙城, booked just now, comes before the suggestions")
        XCTAssertEqual(home.node("//li[@data-route='AAA-CCC']")?.attribute("data-tickets"), "1")
        XCTAssertEqual(home.text("//li[@data-route='AAA-CCC']/span[@class='hot-routes__tickets']"), "近 7 天售出 1 张")

        let second = try AdminFixtures.user(on: first.application)
        let companion = try BookingFixtures.addPassenger("王芳", sequence: "451", with: second)
        let page = try BookingFixtures.bookPage(from: "甲城", to: "乙城", with: second)
        XCTAssertEqual(try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(second), companion], with: second).status, .ok)
        first.application.wait(seconds: HotRoutesCache.freshness)
        let visitor = TestClient(application: first.application)
        visitor.cookies["welcomed"] = "1"
        let ranked = try visitor.get("/").document()
        XCTAssertEqual(Array(routes(ranked).prefix(2)), ["AAA-BBB", "AAA-CCC"], "two tickets before one")
        XCTAssertEqual(ranked.node("//li[@data-route='AAA-BBB']")?.attribute("data-tickets"), "2")
        let link = try XCTUnwrap(ranked.node("//li[@data-route='AAA-BBB']/a")?.attribute("href"))
        let results = try visitor.get(link).document()
        XCTAssertTrue(link.hasSuffix("&date=\(first.application.clock.today())"), "the first day on sale: \(link)")
        XCTAssertTrue(results.text("//details[@class='search-fold']/summary")?.hasPrefix("甲城 → 乙城") ?? false, "the route is searched")

        first.application.wait(seconds: 8 * 86_400)
        XCTAssertFalse(routes(try visitor.get("/").document()).contains("AAA-BBB"), "sales older than a week no longer count")
    }

    func testAStationRenamedShowsItsNewNameInTheHotRoutesAtOnce() throws {
        let first = try BookingFixtures.traveller()
        XCTAssertEqual(try BookingFixtures.book(try BookingFixtures.bookPage(with: first), with: first).status, .ok)
        XCTAssertEqual(try first.get("/").document().text("//li[@data-route='AAA-CCC']/a"), "甲城 → 丙城")

        _ = try first.application.database.write { try $0.run("UPDATE users SET authority = 'admin' WHERE account = 'li_lei'") }
        let admin = first
        let id = try first.application.database.read { try $0.queryOne("SELECT id FROM stations WHERE telecode = 'AAA'")!.int64("id") }
        let page = try admin.get("/admin/stations/\(id)/edit")
        var form = try page.document().form(action: "/admin/stations/\(id)")
        try form.fill("name", "甲市")
        XCTAssertEqual(try admin.submit(form, from: page).status, .ok)
        XCTAssertEqual(
            try first.get("/").document().text("//li[@data-route='AAA-CCC']/a"), "甲市 → 丙城",
            "the kept section is rendered again for the new timetable, before the count is made again")
    }

    func testTheCalendarOfTheMonthIsOnTheHomePageForTheLatestSearch() throws {
        let client = try TimetableFixtures.client()
        client.cookies["welcomed"] = "1"
        let today = ChinaTime.today()
        let plain = try client.get("/").document()
        XCTAssertNotNil(plain.node("//section[contains(@class,'home__calendar')]//table[@class='calendar']//td[@data-date='\(today)']"))
        XCTAssertNil(plain.node("//table[@class='calendar']//a[@class='calendar__number']"), "no trip yet: no day links")
        _ = try client.get("/search?from=%E7%94%B2%E5%9F%8E&to=%E4%B9%99%E5%9F%8E&date=\(today)")
        let after = try client.get("/").document()
        XCTAssertEqual(after.text("//section[contains(@class,'home__calendar')]//p[@class='calendar-trip']")?.contains("甲城"), true)
        let day = try XCTUnwrap(after.node("//table[@class='calendar']//td[@data-date='\(today)']/a")?.attribute("href"))
        XCTAssertTrue(day.hasPrefix("/search?date=\(today)&from="), day)
        XCTAssertEqual(after.text("//section[contains(@class,'recent-searches')]//li/a"), "甲城 → 乙城", "the recent searches under the form")
    }

    func testTheHomeCalendarShowsLunarDatesInThePagesLanguage() throws {
        let client = try TimetableFixtures.client()
        client.cookies["welcomed"] = "1"
        let today = ChinaTime.today()
        let lunar = ChineseCalendar.lunarDate(of: today)
        let cell = "//section[contains(@class,'home__calendar')]//td[@data-date='\(today)']/span[contains(@class,'calendar__lunar')]"
        XCTAssertEqual(try client.get("/").document().text(cell), lunar.label)
        client.cookies["lang"] = "en"
        let english = try client.get("/").document()
        XCTAssertEqual(
            english.text(cell), "Lunar \(lunar.isLeapMonth ? "leap " : "")\(lunar.month)/\(lunar.day)",
            "not the Chinese calendar kept for Chinese pages")
        client.cookies["lang"] = "zh-CN"
        XCTAssertEqual(try client.get("/").document().text(cell), lunar.label)
    }
}
