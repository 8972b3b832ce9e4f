import HTMLTesting
import HTTP
@testable import Railbook
import XCTest

/// Seat counts on results pages are exact the moment a seat is sold, although results are cached:
/// a sale makes stale only the cached pages that show the run it sold on.
final class SeatCountTests: XCTestCase {
    private let tomorrow = ChinaTime.today().adding(days: 1)

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
        XCTAssertNotNil(try traveller.get("/search?from=%E4%B9%99%E5%9F%8E&to=%E4%B8%81%E5%9F%8E&date=\(tomorrow)").document()
            .node("//li[@data-train='K201']"))
        let hitsBefore = cache.statistics.hits
        let page = try BookingFixtures.bookPage(with: traveller) // G101 甲城 → 丙城: K201 is not on the page sold from
        _ = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(traveller)], with: traveller)
        _ = try traveller.get("/search?from=%E4%B9%99%E5%9F%8E&to=%E4%B8%81%E5%9F%8E&date=\(tomorrow)")
        XCTAssertEqual(cache.statistics.hits, hitsBefore + 1, "乙城 → 丁城 shows only K201 and came from the cache")
        let misses = cache.statistics.misses
        XCTAssertEqual(try seats("甲城", "丙城", with: traveller), "539")
        XCTAssertEqual(cache.statistics.misses, misses + 1, "甲城 → 丙城 shows G101 and was rendered again")
    }
}
