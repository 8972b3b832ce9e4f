import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The My page as an account hub: the traveller's name on a header card, what waits for payment
/// with its pay-by time, the next trips (next departure first, with train, date, stations and
/// seat), a tile with a count for each thing they keep, and the notices with the unread marked.
final class AccountHubTests: XCTestCase {
    func testTheHubShowsUnpaidThingsNextTripsFirstAndACountOnEachTile() throws {
        let client = try ShopOrderFixtures.traveller()
        let later = try ShopOrderFixtures.ticket(daysAhead: 3, with: client)
        let next = try ShopOrderFixtures.ticket(daysAhead: 1, with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let provider = try ShopOrderFixtures.checkOut(try ShopOrderFixtures.checkoutPage(with: client), ticket: next, with: client)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        try ShopOrderFixtures.ticket(daysAhead: 5, pay: false, with: client)
        let (shopOrder, shopDeadline, order, orderDeadline) = try client.application.database.read { db in
            let shop = try XCTUnwrap(try db.queryOne("SELECT number, pay_deadline FROM shop_orders"))
            let unpaid = try XCTUnwrap(try db.queryOne("SELECT number, pay_deadline FROM orders WHERE status = 'unpaid'"))
            return (try shop.string("number"), try shop.int("pay_deadline"), try unpaid.string("number"), try unpaid.int("pay_deadline"))
        }

        let page = try client.get("/me").document()
        XCTAssertEqual(page.text("//section[@class='hub-card']//h1"), "李雷")
        XCTAssertEqual(page.text("//section[@class='hub-card']//p[@class='hub-card__unread']"), "2 条新消息", "the two paid ticket orders")
        XCTAssertEqual(page.nodes("//li[@data-notice][@data-unread='true']").count, 2)

        let unpaidOrder = try XCTUnwrap(page.node("//li[@data-unpaid='order'][@data-number='\(order)']"))
        XCTAssertEqual(unpaidOrder.text(".//span[@class='order__pay-by']/time"), ChinaMoment(orderDeadline).text)
        XCTAssertEqual(unpaidOrder.node(".//a")?.attribute("href"), "/orders/" + order)
        let unpaidShop = try XCTUnwrap(page.node("//li[@data-unpaid='shop_order'][@data-number='\(shopOrder)']"))
        XCTAssertEqual(unpaidShop.text(".//span[@class='order__pay-by']/time"), ChinaMoment(shopDeadline).text)
        XCTAssertEqual(unpaidShop.node(".//a")?.attribute("href"), "/shop/orders/" + shopOrder)

        let trips = page.nodes("//ol[@class='hub-trips__list']/li")
        XCTAssertEqual(trips.map { $0.attribute("data-ticket") }, [String(next), String(later)], "next departure first; the unpaid one is no trip")
        XCTAssertEqual(trips.first?.attribute("class"), "hub-trip hub-trip--next")
        XCTAssertEqual(trips.first?.attribute("data-date"), ChinaTime.today().adding(days: 1).description)
        XCTAssertEqual(trips.first?.text(".//strong[@class='hub-trip__train']"), "G101")
        XCTAssertEqual(trips.first?.text(".//p[@class='hub-trip__route']"), "08:00 甲城 → 10:00 丙城")
        let seat = try XCTUnwrap(trips.first?.text(".//p[@class='hub-trip__seat']"))
        XCTAssertTrue(seat.hasPrefix("二等座 · ") && seat.hasSuffix(" · 李雷") && seat.contains("车"), seat)

        func count(_ tile: String) -> String? { page.node("//a[@data-tile='\(tile)']/span[@class='hub-tile__count']")?.attribute("data-count") }
        XCTAssertEqual(count("orders"), "2")
        XCTAssertEqual(count("shop-orders"), "1")
        XCTAssertEqual(count("passengers"), "1")
        XCTAssertEqual(count("addresses"), "0")
        XCTAssertEqual(count("waitlists"), "0")
        XCTAssertEqual(count("complaints"), "0")
        XCTAssertEqual(page.node("//a[@data-tile='complaints']")?.attribute("href"), "/complaints")
        XCTAssertNotNil(page.node("//a[@data-tile='feedback'][@href='/feedback']"))

        _ = try client.get("/language/en?back=/me")
        let english = try client.get("/me").document()
        XCTAssertEqual(english.text("//h2[@id='me-trips-heading']"), "My trips")
        XCTAssertNil(english.node("//p[@class='hub-card__unread']"), "seen now")
        XCTAssertEqual(english.text("//li[@data-unpaid='order']//strong"), "Ticket order")
    }

    func testANewAccountHasNoTripsAndSaysHowToBookOne() throws {
        let client = try BookingFixtures.traveller()
        let page = try client.get("/me").document()
        XCTAssertNil(page.node("//section[contains(@class, 'hub-unpaid')]"), "nothing to pay")
        XCTAssertEqual(page.text("//p[@class='hub-trips__empty']"), "暂无待出行的车票。 去订票")
        XCTAssertEqual(page.text("//section[contains(@class, 'hub-notices')]/p"), "暂无消息。")
    }
}
