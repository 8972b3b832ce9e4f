import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// English pages count one thing in the singular and more in the plural — "1 train", "2 trains" —
/// as the catalogs' plural entries say, wherever a number of things is shown.
final class EnglishPluralsTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    /// `client` reads the site in English from now on.
    private func inEnglish(_ client: TestClient) -> TestClient {
        client.cookies["lang"] = "en"
        return client
    }

    func testResultsCountOneTrainAndTwoTrains() throws {
        let client = try TimetableFixtures.client(acceptLanguage: "en")
        let one = try client.get("/search?from=%E7%94%B2%E5%9F%8E&to=%E4%B8%99%E5%9F%8E&date=\(tomorrow)").document()
        XCTAssertEqual(one.count("//ol[@class='trip-list']/li"), 1, "甲城 → 丙城: G101")
        XCTAssertEqual(one.text("//h1[@id='results-heading']"), "1 train · 甲城 → 丙城")
        XCTAssertEqual(one.text("//title")?.hasSuffix(" on \(tomorrow): 1 train · Railbook") ?? false, true, one.text("//title") ?? "")
        let two = try client.get("/search?from=%E4%B9%99%E5%9F%8E&to=%E4%B8%99%E5%9F%8E&date=\(tomorrow)").document()
        XCTAssertEqual(two.count("//ol[@class='trip-list']/li"), 2, "乙城 → 丙城: G101 and D301")
        XCTAssertEqual(two.text("//h1[@id='results-heading']"), "2 trains · 乙城 → 丙城")
        XCTAssertEqual(two.text("//title")?.hasSuffix(" on \(tomorrow): 2 trains · Railbook") ?? false, true, two.text("//title") ?? "")
    }

    func testTheStationSearchCountsOneStationAndTwo() throws {
        let client = try TimetableFixtures.client(acceptLanguage: "en")
        XCTAssertEqual(
            try client.get("/stations?q=BBB").document().text("//p[@class='stations-summary']"),
            "1 station matches “BBB”. Show all stations")
        XCTAssertEqual(
            try client.get("/stations?q=jiacheng").document().text("//p[@class='stations-summary']"),
            "2 stations match “jiacheng”. Show all stations")
    }

    func testTheOrderPageCountsDownToOneMinute() throws {
        let client = inEnglish(try BookingFixtures.traveller())
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
        let deadline = try PaymentFixtures.order(client).deadline
        try client.keepBrowsing(order.target, until: deadline - 120)
        XCTAssertEqual(try client.get(order.target).document().text("//p[@class='order__deadline']/text()[1]"), "2 minutes left to pay.")
        try client.keepBrowsing(order.target, until: deadline - 60)
        XCTAssertEqual(try client.get(order.target).document().text("//p[@class='order__deadline']/text()[1]"), "1 minute left to pay.")
    }

    /// Sends the traveller of `client` a notice of G101 running `minutes` late.
    private func sendDelay(minutes: Int, to client: TestClient) throws {
        let holder = try BookingFixtures.holderID(client)
        try client.application.database.write { db in
            let owner = try db.queryOne("SELECT user_id FROM passengers WHERE id = ?", [holder])!.int64("user_id")
            try Notice.send("notice_run_delayed", arguments: ["G101", "2026-12-01", String(minutes)], to: [owner], now: ChinaTime.now(), in: db)
        }
    }

    func testOneNewNoticeAndTwoAndADelayOfOneMinuteAndOfTwo() throws {
        let client = inEnglish(try BookingFixtures.traveller())
        try sendDelay(minutes: 1, to: client)
        XCTAssertEqual(try client.get("/").document().text("//header//span[@data-unread-notices]"), "1 new notice")
        let one = try client.get("/me").document()
        XCTAssertEqual(one.text("//p[@class='hub-card__unread']"), "1 new message")
        XCTAssertEqual(one.text("//li[@data-notice][@data-unread='true']"), "New Train G101 on 2026-12-01 is delayed by 1 minute.")

        try sendDelay(minutes: 2, to: client)
        try sendDelay(minutes: 2, to: client)
        XCTAssertEqual(try client.get("/").document().text("//header//span[@data-unread-notices]"), "2 new notices")
        let two = try client.get("/me").document()
        XCTAssertEqual(two.text("//p[@class='hub-card__unread']"), "2 new messages")
        XCTAssertEqual(
            two.nodes("//li[@data-notice][@data-unread='true']").map(\.text),
            Array(repeating: "New Train G101 on 2026-12-01 is delayed by 2 minutes.", count: 2))
    }

    func testOneShopOrderOfOneItemAndTwoOfTwoItems() throws {
        let client = inEnglish(try ShopOrderFixtures.traveller())
        let ticket = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(quantity: 1, with: client)
        let first = try ShopOrderFixtures.checkOut(try ShopOrderFixtures.checkoutPage(with: client), ticket: ticket, with: client)
        XCTAssertEqual(try first.document().text("//dd[@data-item]"), "Shop order: 1 item")
        _ = try PaymentFixtures.press("confirm", on: first, with: client)
        XCTAssertEqual(try client.get("/me").document().text("//a[@data-tile='shop-orders']/span[@class='hub-tile__caption']"), "order")

        try ShopOrderFixtures.fillCart(quantity: 2, with: client)
        let second = try ShopOrderFixtures.checkOut(try ShopOrderFixtures.checkoutPage(with: client), ticket: ticket, with: client)
        XCTAssertEqual(try second.document().text("//dd[@data-item]"), "Shop order: 2 items")
        let hub = try client.get("/me").document()
        XCTAssertEqual(hub.node("//a[@data-tile='shop-orders']/span[@class='hub-tile__count']")?.attribute("data-count"), "2")
        XCTAssertEqual(hub.text("//a[@data-tile='shop-orders']/span[@class='hub-tile__caption']"), "orders")
    }

    func testTheOrderListCountsOnePassengerAndTwo() throws {
        let client = inEnglish(try BookingFixtures.traveller())
        let alone = try TicketFixtures.bookOrder(with: client)
        try TicketFixtures.markPaid(alone, in: client.application)
        let companion = try BookingFixtures.addPassenger("王芳", sequence: "451", with: client)
        let page = try BookingFixtures.bookPage(date: tomorrow.adding(days: 1), with: client)
        let together = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(client), companion], with: client)
        let number = String(together.target.dropFirst("/orders/".count).prefix { $0 != "?" })
        try TicketFixtures.markPaid(number, in: client.application)
        let list = try client.get("/orders").document()
        XCTAssertEqual(list.text("//li[@data-order='\(alone)']//p[@class='order-row__meta']/span"), "1 passenger")
        XCTAssertEqual(list.text("//li[@data-order='\(number)']//p[@class='order-row__meta']/span"), "2 passengers")
    }

    func testHotRoutesCountOneTicketAndTwo() throws {
        let first = try BookingFixtures.traveller()
        XCTAssertEqual(try BookingFixtures.book(try BookingFixtures.bookPage(with: first), with: first).status, .ok)
        let second = try AdminFixtures.user(on: first.application)
        let companion = try BookingFixtures.addPassenger("王芳", sequence: "451", with: second)
        let page = try BookingFixtures.bookPage(from: "甲城", to: "乙城", with: second)
        XCTAssertEqual(try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(second), companion], with: second).status, .ok)
        first.application.wait(seconds: HotRoutesCache.freshness)
        let visitor = inEnglish(TestClient(application: first.application))
        visitor.cookies["welcomed"] = "1"
        let home = try visitor.get("/").document()
        XCTAssertEqual(home.text("//li[@data-route='AAA-CCC']/span[@class='hot-routes__tickets']"), "7 days: 1 ticket")
        XCTAssertEqual(home.text("//li[@data-route='AAA-BBB']/span[@class='hot-routes__tickets']"), "7 days: 2 tickets")
    }

    func testFeedbackSentTooOftenWaitsOneMinute() throws {
        let client = inEnglish(try TestSite.makeClient())
        func send() throws -> TestResponse {
            let page = try client.get("/feedback")
            var form = try page.document().form(action: "/feedback")
            try form.fill("category", "suggestion")
            try form.fill("text", "Please show the platform on the ticket page.")
            return try client.submit(form, from: page)
        }
        for _ in 1...5 { XCTAssertEqual(try send().redirects, ["/feedback?sent=1"]) }
        client.application.wait(seconds: 570)
        let refused = try send()
        XCTAssertEqual(refused.status, .tooManyRequests)
        XCTAssertEqual(
            try refused.document().text("//p[@role='alert']"),
            "You can send at most 5 messages in 10 minutes. Please try again in 1 minute; your text is kept below.")
    }

    func testTheCalendarCountsTheDaysOnSale() throws {
        for (days, text) in [(1, "1 day, today included"), (2, "2 days, today included")] {
            let client = inEnglish(TestClient(application: try TestSite.makeApplication { $0.presaleDays = days }))
            client.cookies["welcomed"] = "1"
            let window = try XCTUnwrap(try client.get("/calendar").document().text("//p[@class='calendar-window']"))
            XCTAssertTrue(window.hasSuffix("(\(text))."), window)
        }
    }
}
