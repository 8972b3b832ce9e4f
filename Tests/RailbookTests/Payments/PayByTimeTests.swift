import HTMLTesting
import HTTP
@testable import Railbook
import SQLite
import XCTest

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
        XCTAssertEqual(try provider.document().text("//dd[@class='pay-by']/time"), payBy.text)

        let page = try client.get("/waitlist/" + number).document()
        XCTAssertEqual(page.text("//section[@data-waitlist]//span[@class='order__pay-by']/time"), payBy.text)
        XCTAssertEqual(page.node("//section[@data-waitlist]//span[@class='order__pay-by']/time")?.attribute("datetime"), payBy.datetime)
        let list = try client.get("/waitlist").document()
        XCTAssertEqual(list.text("//li[@data-waitlist='\(number)']//span[@class='order__pay-by']/time"), payBy.text)

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
        XCTAssertEqual(try provider.document().text("//dd[@class='pay-by']/time"), payBy.text)

        let page = try client.get("/shop/orders/" + number).document()
        XCTAssertEqual(page.text("//section[@data-order]//span[@class='order__pay-by']/time"), payBy.text)
        XCTAssertEqual(page.node("//section[@data-order]//span[@class='order__pay-by']/time")?.attribute("datetime"), payBy.datetime)
        let list = try client.get("/shop/orders").document()
        XCTAssertEqual(list.text("//li[@data-order='\(number)']//span[@class='order__pay-by']/time"), payBy.text)

        let paid = try PaymentFixtures.press("confirm", on: provider, with: client)
        XCTAssertNil(try paid.document().node("//span[@class='order__pay-by']"), "paid: nothing left to pay by")
        XCTAssertNil(try client.get("/shop/orders").document().node("//li[@data-order='\(number)']//span[@class='order__pay-by']"))
    }
}
