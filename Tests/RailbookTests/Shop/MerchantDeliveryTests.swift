import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The merchant marks a seat order delivered only once the train has left the supplying station,
/// and every merchant action is in the audit log.
final class MerchantDeliveryTests: XCTestCase {
    /// A traveller's paid dining-car order for tomorrow's G101, and the merchant's desk showing it.
    private func paidMeal() throws -> (client: TestClient, admin: TestClient, number: String, desk: TestResponse) {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let number = ShopOrderFixtures.number(try ShopOrderFixtures.paidOrder(ticket: ticketID, with: client))
        let admin = try ShopOrderFixtures.admin(of: client)
        return (client, admin, number, try admin.get("/shop/merchant"))
    }

    func testAMealCannotBeDeliveredBeforeItsTrainLeavesTheSupplyingStation() throws {
        let (client, admin, number, desk) = try paidMeal()
        let accepted = try admin.submit(try desk.document().form(action: "/shop/orders/\(number)/accept"), from: desk)
        let row = try XCTUnwrap(try accepted.document().node("//ol[contains(@class,'merchant__accepted')]/li[@data-order='\(number)']"))
        XCTAssertNil(row.nodes(".//form[@action='/shop/orders/\(number)/deliver']").first, "no deliver button before the train leaves")
        let tomorrow = ChinaTime.today().adding(days: 1)
        XCTAssertEqual(
            row.nodes(".//p[@data-deliverable-from]").first?.text,
            "列车 \(tomorrow.month)月\(tomorrow.day)日 08:00 从甲城出发后才能标记送达。")

        let csrf = try XCTUnwrap(try desk.document().form(action: "/shop/orders/\(number)/accept").value("csrf"))
        let early = try admin.post("/shop/orders/\(number)/deliver", fields: [("csrf", csrf)])
        XCTAssertEqual(early.target, "/shop/merchant?notice=too_early")
        XCTAssertEqual(try early.document().text("//p[@role='alert']"), "列车尚未从供应站出发，暂不能标记送达。")
        XCTAssertEqual(try ShopOrderFixtures.status(try client.get("/shop/orders/" + number)), "accepted")

        try ShopOrderFixtures.moveG101Departure(secondsFromNow: -60, in: client.application)
        let later = try admin.get("/shop/merchant")
        let delivered = try admin.submit(try later.document().form(action: "/shop/orders/\(number)/deliver"), from: later)
        XCTAssertEqual(delivered.target, "/shop/merchant?notice=delivered")
        XCTAssertEqual(try ShopOrderFixtures.status(try client.get("/shop/orders/" + number)), "delivered")

        let audit = try admin.get("/admin/audit").document()
        XCTAssertEqual(
            audit.nodes("//tr[@data-audit]").compactMap { $0.attribute("data-action") }.filter { $0.hasPrefix("shop_order.") },
            ["shop_order.deliver", "shop_order.accept"])
        XCTAssertEqual(audit.text("//tr[@data-action='shop_order.accept']/td[2]"), "han_admin")
        XCTAssertEqual(audit.text("//tr[@data-action='shop_order.accept']/td[4]"), "商城订单 \(number)")
        XCTAssertEqual(audit.text("//tr[@data-action='shop_order.deliver']/td[6]"), "状态：已送达")
    }

    func testARejectionIsInTheAuditLog() throws {
        let (client, admin, number, desk) = try paidMeal()
        _ = try admin.submit(try desk.document().form(action: "/shop/orders/\(number)/reject"), from: desk)
        let entries = try client.application.database.read { try AuditLog.recent(limit: 10, actionPrefix: "shop_order.", in: $0) }
        XCTAssertEqual(entries.map(\.action), ["shop_order.reject"])
        XCTAssertEqual(entries.first?.subject, "shop_order \(number)")
        XCTAssertEqual(entries.first?.before, "status=paid")
        XCTAssertEqual(entries.first?.after, "status=refunded")
    }
}
