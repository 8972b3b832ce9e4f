import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// A seat is written one way on every page: `data-seat` `02A` (row in two digits and letter) or
/// `03L`/`03M`/`03U` for berths, and the same number in the visible text.
final class SeatFormatTests: XCTestCase {
    private func seatAttributes(_ target: String, _ xpath: String, with client: TestClient) throws -> (seat: String?, text: String) {
        let document = try client.get(target).document()
        let node = document.node(xpath)
        return (node?.attribute("data-seat"), document.node("//main")?.text ?? "")
    }

    func testASeatReadsTheSameOnEveryPage() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        let number = try client.application.database.read { db in
            try db.queryOne("SELECT o.number FROM orders o JOIN tickets t ON t.order_id = o.id WHERE t.id = ?", [ticketID])!.string("number")
        }
        let order = try seatAttributes("/orders/" + number, "//li[@data-ticket='\(ticketID)']", with: client)
        let seat = try XCTUnwrap(order.seat)
        XCTAssertNotNil(seat.wholeMatch(of: /[0-9]{2}[ABCDF]/), seat)
        XCTAssertTrue(order.text.contains("车 " + seat), order.text)
        for (target, xpath) in [
            ("/tickets/\(ticketID)", "//article[@data-ticket]"), ("/tickets/\(ticketID)/refund", "//dl[@data-ticket]"),
            ("/tickets/\(ticketID)/change", "//dl[@data-ticket]"),
        ] {
            let page = try seatAttributes(target, xpath, with: client)
            XCTAssertEqual(page.seat, seat, target)
            XCTAssertTrue(page.text.contains("车 " + seat), "\(target): \(page.text)")
        }
        let ticket = try client.get("/tickets/\(ticketID)").document()
        let reference = try XCTUnwrap(ticket.text("//code[@data-reference]"))
        let verified = try seatAttributes("/tickets/verify?ref=" + PercentEncoding.encode(reference), "//div[@data-valid='true']", with: client)
        XCTAssertEqual(verified.seat, seat, "ticket verification")
        XCTAssertTrue(verified.text.contains("车 " + seat), verified.text)

        try ShopOrderFixtures.fillCart(with: client)
        let checkout = try seatAttributes(try ShopOrderFixtures.checkoutPage(with: client).target, "//li[@data-ticket='\(ticketID)']", with: client)
        XCTAssertEqual(checkout.seat, seat, "checkout")
        XCTAssertTrue(checkout.text.contains("车 " + seat), checkout.text)
        let shopOrder = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: client)
        let shopPage = try seatAttributes(shopOrder.target, "//section[@data-order]", with: client)
        XCTAssertEqual(shopPage.seat, seat, "shop order")
        XCTAssertTrue(shopPage.text.contains("车 " + seat), shopPage.text)
        let merchant = try ShopOrderFixtures.admin(of: client).get("/shop/merchant").document()
        XCTAssertTrue(merchant.node("//li[@data-order]")?.text.contains("车 " + seat) ?? false, "merchant queue")
        XCTAssertEqual(merchant.node("//li[@data-order]")?.attribute("data-seat"), seat, "merchant queue")
    }

    func testABerthReadsTheSameOnEveryPage() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(train: "K201", seatClass: "hard_sleeper", from: "甲城", to: "丁城", with: client)
        let order = try seatAttributes(paid.order, "//li[@data-ticket='\(paid.ticketID)']", with: client)
        let seat = try XCTUnwrap(order.seat)
        XCTAssertNotNil(seat.wholeMatch(of: /[0-9]{2}[LMU]/), seat)
        let berth = try XCTUnwrap(["L": "下铺", "M": "中铺", "U": "上铺"][String(seat.suffix(1))])
        let visible = "车 " + seat.prefix(2) + "号" + berth
        XCTAssertTrue(order.text.contains(visible), order.text)
        let ticket = try seatAttributes("/tickets/\(paid.ticketID)", "//article[@data-ticket]", with: client)
        XCTAssertEqual(ticket.seat, seat)
        XCTAssertTrue(ticket.text.contains(visible), ticket.text)
    }
}
