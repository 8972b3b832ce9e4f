import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The payment deadline and the merchant's accept window are settings: orders take their
/// deadlines from them, and the pages state the configured minutes rather than fixed ones.
final class DeadlineSettingsTests: XCTestCase {
    private func traveller(holdMinutes: Int, acceptMinutes: Int) throws -> TestClient {
        let application = try TestSite.makeApplication { configuration in
            configuration.deadlines.holdSeconds = holdMinutes * 60
            configuration.deadlines.acceptSeconds = acceptMinutes * 60
        }
        try TimetableFixtures.load(into: application)
        let client = TestClient(application: application)
        client.cookies["welcomed"] = "1"
        try AccountFixtures.register(with: client)
        return client
    }

    func testAnOrderHoldsItsSeatsForTheConfiguredMinutes() throws {
        let client = try traveller(holdMinutes: 7, acceptMinutes: 3)
        let page = try BookingFixtures.bookPage(with: client)
        let rules = try XCTUnwrap(try page.document().text("//p[@class='book-rules']"))
        XCTAssertTrue(rules.contains("7 分钟"), rules)
        let before = ChinaTime.now()
        let order = try BookingFixtures.book(page, with: client)
        let deadline = try PaymentFixtures.order(client).deadline
        XCTAssertTrue((before + 7 * 60...ChinaTime.now() + 7 * 60).contains(deadline), "deadline \(deadline - before) s after booking")
        let left = try XCTUnwrap(try order.document().text("//p[@class='order__deadline']"))
        XCTAssertTrue(left.hasPrefix("剩余 7 分钟"), left)
    }

    func testTheSiteStatesTheConfiguredWindows() throws {
        let client = try traveller(holdMinutes: 12, acceptMinutes: 4)
        XCTAssertTrue(try XCTUnwrap(try client.get("/").document().text("//main")).contains("12 分钟"))
        client.defaultHeaders.set("Accept-Language", "en")
        XCTAssertTrue(try XCTUnwrap(try client.get("/").document().text("//main")).contains("within 12 minutes"))
        XCTAssertEqual(
            try TestSite.messages(deadlines: client.application.configuration.deadlines).text("checkout_pay_hint", .english),
            "You pay through Railbook Pay within 12 minutes; the shop then has 4 minutes to accept your order, or you get your money back.")
    }

    func testOneMinuteIsSaidInTheSingular() throws {
        let client = try traveller(holdMinutes: 1, acceptMinutes: 1)
        client.defaultHeaders.set("Accept-Language", "en")
        let home = try XCTUnwrap(try client.get("/").document().text("//main"))
        XCTAssertTrue(home.contains("pay within 1 minute."), home)
        XCTAssertEqual(
            try TestSite.messages(deadlines: client.application.configuration.deadlines).text("checkout_pay_hint", .english),
            "You pay through Railbook Pay within 1 minute; the shop then has 1 minute to accept your order, or you get your money back.")
    }
}
