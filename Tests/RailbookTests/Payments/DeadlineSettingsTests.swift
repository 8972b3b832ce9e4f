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

    func testAWaitlistClosesTheConfiguredMinutesBeforeDeparture() throws {
        let application = try TestSite.makeApplication { $0.deadlines.waitlistCloseMinutes = 45 }
        try TimetableFixtures.load(into: application)
        let client = TestClient(application: application)
        client.cookies["welcomed"] = "1"
        try AccountFixtures.register(with: client)
        try TimetableFixtures.sellAll(application, runID: try WaitlistFixtures.runID(client), seatClass: .second, from: 0, to: 2)
        let page = try WaitlistFixtures.waitlistPage(with: client)
        let latest = try XCTUnwrap(try page.document().node("(//input[@name='deadline'])[last()]"))
        XCTAssertEqual(latest.attribute("value"), "45")
        XCTAssertEqual(latest.attribute("checked"), "checked", "the latest is the default")
        XCTAssertTrue(try page.document().text("//label[@for='deadline-45']")?.hasPrefix("最晚：开车前 45 分钟") ?? false)
        let joined = try WaitlistFixtures.joinAndPay(with: client)
        let number = String(joined.target.dropFirst("/waitlist/".count).prefix { $0 != "?" })
        XCTAssertEqual(try WaitlistFixtures.deadline(of: number, in: application), WaitlistFixtures.departure - 45 * 60)

        let late = TestClient(application: application)
        late.cookies["welcomed"] = "1"
        try AccountFixtures.register(
            AccountFixtures.Person(
                account: "han_mm", name: "韩梅梅", certificateNumber: AccountFixtures.residentID(sequence: "224"),
                mobile: "13900000000", gender: "female"), with: late)
        try late.keepBrowsing("/", until: WaitlistFixtures.departure - 30 * 60, alongside: [client])
        let closed = try late.get(page.target)
        XCTAssertEqual(try closed.document().text("//div[@role='alert']/p"), "距开车时间过近，无法候补该车次。")
        XCTAssertNil(try closed.document().node("//input[@name='deadline']"))
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
