import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// Result rows are rendered once and shared by every search that shows the same train on the same
/// stretch the same way (another sort, a filter that keeps it, the same day asked again), with
/// their seat counts written in per page; a delay, a cancellation or a class selling out shows on
/// the next page of any such search.
final class ResultRowsTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    private func path(_ extra: String = "") -> String {
        "/search?from=\(PercentEncoding.encode("甲城"))&to=\(PercentEncoding.encode("丙城"))&date=\(tomorrow)" + extra
    }

    private func row(_ train: String, in page: TestResponse) throws -> HTMLNode {
        try XCTUnwrap(try page.document().node("//ol[@class='trip-list']/li[@data-train='\(train)']"), "\(train) on \(page.target)")
    }

    /// What a row shows and links to: its text, links and seat counts.
    private func signature(_ row: HTMLNode) -> [String] {
        [row.text] + row.nodes(".//a").compactMap { $0.attribute("href") } + row.nodes(".//li[@data-seats]").compactMap { $0.attribute("data-seats") }
    }

    func testAnotherSortOfTheSameSearchReusesTheRowsAndShowsTheSameRows() throws {
        let traveller = try BookingFixtures.traveller()
        let parts = traveller.application.railway.resultsCache.parts
        let byDeparture = try traveller.get(path())
        let first = parts.statistics
        XCTAssertGreaterThan(first.misses, 1, "the rows and the day's lowest fares were made")
        XCTAssertGreaterThan(parts.bytes, 0, "and kept")
        let byPrice = try traveller.get(path("&sort=price"))
        XCTAssertEqual(parts.statistics.misses - first.misses, 2, "only the date strip and the filter fields, which keep the sort, were made again")
        XCTAssertEqual(parts.statistics.hits - first.hits, first.misses - 2, "the rows and lowest fares the first page kept were found")
        let trains = try byDeparture.document().nodes("//ol[@class='trip-list']/li").compactMap { $0.attribute("data-train") }
        XCTAssertFalse(trains.isEmpty)
        for train in trains {
            XCTAssertEqual(try signature(row(train, in: byPrice)), try signature(row(train, in: byDeparture)), train)
        }
        let english = TestClient(application: traveller.application, acceptLanguage: "en")
        XCTAssertEqual(
            try row("G101", in: try english.get(path("&sort=duration"))).text("./p[@class='trip__train']/span"),
            "High-speed (G)", "English rows are rendered in English")
    }

    func testADelaySetAfterTheRowsWereKeptShowsOnEverySearchOfTheTrain() throws {
        let (traveller, _) = try PaymentFixtures.bookedOrder()
        XCTAssertNil(try row("G101", in: try traveller.get(path())).node(".//p[@class='trip__delay']"))
        let admin = try ShopOrderFixtures.admin(of: traveller)
        let runID = try WaitlistFixtures.runID(admin)
        let page = try admin.get("/admin/runs?train=G101&date=\(tomorrow)")
        var form = try page.document().form(action: "/admin/runs/\(runID)/delay")
        try form.fill("minutes", "40")
        _ = try admin.submit(form, from: page)
        for extra in ["", "&sort=arrival"] {
            XCTAssertTrue(try row("G101", in: try traveller.get(path(extra))).text(".//p[@class='trip__delay']")?.contains("40") == true, extra)
        }
    }

    func testAClassSoldOutShowsOnASearchWhoseRowWasKeptBefore() throws {
        let traveller = try BookingFixtures.traveller()
        let cell = ".//li[@data-class='second']"
        XCTAssertEqual(try row("G101", in: try traveller.get(path("&sort=price"))).node(cell)?.attribute("data-seats"), "540")
        XCTAssertEqual(try row("G101", in: try traveller.get(path())).node(cell)?.attribute("data-seats"), "540")
        _ = try WaitlistFixtures.sellOutAround(seats: 1, booker: traveller)
        let soldOut = try row("G101", in: try traveller.get(path("&sort=price")))
        XCTAssertEqual(soldOut.node(cell)?.attribute("data-seats"), "0")
        XCTAssertTrue(soldOut.node(cell + "/a")?.attribute("href")?.hasPrefix("/waitlist/new?") ?? false, "the waitlist link, not the booking one")
        XCTAssertEqual(
            try row("G101", in: try traveller.get(path("&sort=duration"))).node(cell)?.attribute("data-seats"), "0",
            "a search not asked before the sale")
    }
}
