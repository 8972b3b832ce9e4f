import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The home page in the order a phone shows it on its first screen: the compact search card (from,
/// swap, to, date, one button) with the recent searches as chips, then the hot routes, then the
/// notices, and the calendar last.
final class HomeFirstScreenTests: XCTestCase {
    func testTheSearchCardComesFirstThenRecentAndHotRoutesThenTheNotices() throws {
        let application = try Application(configuration: try TestSite.configuration { $0.loadsDemoData = true })
        let client = TestClient(application: application)
        client.cookies["welcomed"] = "1"
        try AccountFixtures.register(with: client)
        try application.database.write { db in
            let adminID = try XCTUnwrap(try db.queryOne("SELECT id FROM users WHERE account = 'li_lei'")).int64("id")
            _ = try Announcement.post(
                LocalizedText(chinese: "冬季出行请提前到站。", english: "Please arrive early in winter."), by: adminID,
                now: application.clock.now(), in: db)
        }
        let date = ChinaTime.today()
        _ = try client.get("/search?from=\(PercentEncoding.encode("北京"))&to=\(PercentEncoding.encode("上海"))&date=\(date)")

        let home = try client.get("/").document()
        let sections = home.nodes("//div[@class='home']/section").compactMap { $0.attribute("class") }
        XCTAssertEqual(sections, ["hero home__search", "panel home__hot", "panel home__notices", "panel calendar-panel home__calendar"])
        let card = try XCTUnwrap(home.node("//section[contains(@class, 'home__search')]"))
        let controls = card.nodes(".//fieldset/*[self::div or self::button]").map {
            $0.node(".//input")?.attribute("name") ?? $0.attribute("name") ?? ""
        }
        XCTAssertEqual(controls, ["from", "swap", "to", "date"])
        XCTAssertEqual(card.nodes(".//form[@action='/search']//button[@type='submit'][not(@name)]").count, 1, "one search button")
        XCTAssertEqual(card.text(".//section[@class='recent-searches']//li/a"), "北京 → 上海", "the recent search is a chip in the card")
        XCTAssertEqual(home.nodes("//section[contains(@class, 'home__hot')]//li[@data-route]/a").count, 6)
        XCTAssertEqual(home.text("//section[contains(@class, 'home__notices')]//li[@data-announcement]/span"), "冬季出行请提前到站。")
    }
}
