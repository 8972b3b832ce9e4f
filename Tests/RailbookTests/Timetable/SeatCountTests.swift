import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// Seat counts on results pages are exact the moment a seat is sold, although results are cached:
/// the cached rows leave the counts out, and each page fills them in from the seat inventory.
final class SeatCountTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    private func seats(_ from: String, _ to: String, train: String = "G101", with client: TestClient) throws -> String? {
        let page = try client.get("/search?from=\(PercentEncoding.encode(from))&to=\(PercentEncoding.encode(to))&date=\(tomorrow)")
        return try page.document().node("//li[@data-train='\(train)']//li[@data-class='second']")?.attribute("data-seats")
    }

    func testASeatSoldShowsAtOnceForItsStretchAndOverlappingOnesInBothLanguages() throws {
        let traveller = try BookingFixtures.traveller()
        let english = TestClient(application: traveller.application, acceptLanguage: "en")
        for client in [traveller, english] { // every page cached before the sale
            XCTAssertEqual(try seats("乙城", "丙城", with: client), "540")
            XCTAssertEqual(try seats("甲城", "丙城", with: client), "540")
            XCTAssertEqual(try seats("甲城", "乙城", with: client), "540")
        }
        let page = try BookingFixtures.bookPage(from: "乙城", to: "丙城", with: traveller)
        let order = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(traveller)], with: traveller)
        XCTAssertTrue(order.target.hasPrefix("/orders/"), order.target)
        for client in [traveller, english] {
            XCTAssertEqual(try seats("乙城", "丙城", with: client), "539", "the stretch sold")
            XCTAssertEqual(try seats("甲城", "丙城", with: client), "539", "a longer stretch over it")
            XCTAssertEqual(try seats("甲城", "乙城", with: client), "540", "the stretch before it")
        }
    }

    func testARefundShowsAtOnceToo() throws {
        let traveller = try BookingFixtures.traveller()
        let page = try BookingFixtures.bookPage(with: traveller)
        let order = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(traveller)], with: traveller)
        XCTAssertEqual(try seats("甲城", "丙城", with: traveller), "539")
        let cancel = try order.document().form(action: order.target + "/cancel")
        _ = try traveller.submit(cancel, from: order)
        XCTAssertEqual(try seats("甲城", "丙城", with: traveller), "540")
    }

    func testPagesThatDoNotShowTheRunSoldOnStayCached() throws {
        let traveller = try BookingFixtures.traveller()
        let cache = traveller.application.railway.resultsCache
        XCTAssertEqual(try seats("乙城", "丁城", train: "K201", with: traveller), nil, "K201 has no second class")
        XCTAssertNotNil(
            try traveller.get("/search?from=%E4%B9%99%E5%9F%8E&to=%E4%B8%81%E5%9F%8E&date=\(tomorrow)").document()
                .node("//li[@data-train='K201']"))
        let hitsBefore = cache.statistics.hits
        let page = try BookingFixtures.bookPage(with: traveller) // G101 甲城 → 丙城: K201 is not on the page sold from
        _ = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(traveller)], with: traveller)
        _ = try traveller.get("/search?from=%E4%B9%99%E5%9F%8E&to=%E4%B8%81%E5%9F%8E&date=\(tomorrow)")
        XCTAssertEqual(cache.statistics.hits, hitsBefore + 1, "乙城 → 丁城 shows only K201 and came from the cache")
    }

    func testAfterASaleThePageComesFromTheCacheWithTheNewCount() throws {
        let traveller = try BookingFixtures.traveller()
        let english = TestClient(application: traveller.application, acceptLanguage: "en")
        let cache = traveller.application.railway.resultsCache
        for client in [traveller, english] {
            for _ in 0..<2 { XCTAssertEqual(try seats("甲城", "丙城", with: client), "540") } // the second ask keeps the page
        }
        let page = try BookingFixtures.bookPage(with: traveller) // G101 甲城 → 丙城
        _ = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(traveller)], with: traveller)
        let before = cache.statistics
        for client in [traveller, english] { XCTAssertEqual(try seats("甲城", "丙城", with: client), "539") }
        XCTAssertEqual(cache.statistics.hits, before.hits + 2, "both languages' pages came from the cache")
        XCTAssertEqual(cache.statistics.misses, before.misses, "neither was rendered again")
    }

    func testAClassSoldOutAndBackOnSaleShowsAtOnceWithItsLinks() throws {
        let traveller = try BookingFixtures.traveller()
        let cell = "//li[@data-train='G101']//li[@data-class='second']"
        let path = "/search?from=\(PercentEncoding.encode("甲城"))&to=\(PercentEncoding.encode("丙城"))&date=\(tomorrow)"
        XCTAssertEqual(try seats("甲城", "丙城", with: traveller), "540") // cached with a booking link
        let order = try WaitlistFixtures.sellOutAround(seats: 1, booker: traveller)
        let soldOut = try traveller.get(path).document()
        XCTAssertEqual(soldOut.node(cell)?.attribute("data-seats"), "0")
        XCTAssertEqual(soldOut.text(cell + "/span[contains(@class, 'trip__seats--none')]"), "无")
        XCTAssertTrue(soldOut.node(cell + "/a")?.attribute("href")?.hasPrefix("/waitlist/new?") ?? false, "the waitlist link, not the booking one")
        try WaitlistFixtures.cancel(order, with: traveller)
        let back = try traveller.get(path).document()
        XCTAssertEqual(back.node(cell)?.attribute("data-seats"), "1")
        XCTAssertEqual(back.text(cell + "/span[@class='trip__seats']"), "1")
        XCTAssertTrue(back.node(cell + "/a")?.attribute("href")?.hasPrefix("/book?") ?? false, "the booking link again")
    }
}
