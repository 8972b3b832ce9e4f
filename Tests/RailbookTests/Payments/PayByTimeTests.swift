import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The pay-by time of an unpaid waitlist and an unpaid shop order, shown as the ticket order shows
/// it: on the list, on its own page and on Railbook Pay.
final class PayByTimeTests: XCTestCase {
    func testAnUnpaidWaitlistShowsWhenItMustBePaidOnItsPagesAndOnRailbookPay() throws {
        let client = try BookingFixtures.traveller()
        try TimetableFixtures.sellAll(client.application, runID: try WaitlistFixtures.runID(client), seatClass: .second, from: 0, to: 2)
        let provider = try WaitlistFixtures.join(try WaitlistFixtures.waitlistPage(with: client), with: client)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        let (number, createdAt) = try client.application.database.read { db in
            let row = try XCTUnwrap(try db.queryOne("SELECT number, created_at FROM waitlists"))
            return (try row.string("number"), try row.int("created_at"))
        }
        let payBy = ChinaMoment(createdAt + 30 * 60)
        try assertShows(
            payBy, provider: provider, page: "/waitlist/" + number, list: "/waitlist", row: "//li[@data-waitlist='\(number)']",
            with: client)

        let paid = try client.submit(try provider.document().form(action: provider.target + "/confirm"), from: provider)
        XCTAssertNil(try paid.document().node("//span[@class='order__pay-by']"), "paid: nothing left to pay by")
    }

    func testAnUnpaidShopOrderShowsWhenItMustBePaidOnItsPagesAndOnRailbookPay() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let provider = try ShopOrderFixtures.checkOut(try ShopOrderFixtures.checkoutPage(with: client), ticket: ticketID, with: client)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        let (number, deadline) = try client.application.database.read { db in
            let row = try XCTUnwrap(try db.queryOne("SELECT number, pay_deadline FROM shop_orders"))
            return (try row.string("number"), try row.int("pay_deadline"))
        }
        let payBy = ChinaMoment(deadline)
        try assertShows(
            payBy, provider: provider, page: "/shop/orders/" + number, list: "/shop/orders", row: "//li[@data-order='\(number)']",
            with: client)

        let paid = try PaymentFixtures.press("confirm", on: provider, with: client)
        XCTAssertNil(try paid.document().node("//span[@class='order__pay-by']"), "paid: nothing left to pay by")
        XCTAssertNil(try client.get("/shop/orders").document().node("//li[@data-order='\(number)']//span[@class='order__pay-by']"))
    }

    /// Asserts that `payBy` is the pay-by time on Railbook Pay, on the page at `page` (with its
    /// `<time datetime>`) and in the row `row` of the list at `list`.
    private func assertShows(
        _ payBy: ChinaMoment, provider: TestResponse, page: String, list: String, row: String, with client: TestClient,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(try provider.document().text("//dd[@class='pay-by']/time"), payBy.text, file: file, line: line)
        let time = try XCTUnwrap(try client.get(page).document().node("//main//span[@class='order__pay-by']/time"), file: file, line: line)
        XCTAssertEqual(time.text, payBy.text, file: file, line: line)
        XCTAssertEqual(time.attribute("datetime"), payBy.datetime, file: file, line: line)
        XCTAssertEqual(try client.get(list).document().text(row + "//span[@class='order__pay-by']/time"), payBy.text, file: file, line: line)
    }
}
