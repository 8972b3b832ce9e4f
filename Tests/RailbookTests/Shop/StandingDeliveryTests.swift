import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// A meal for a standing passenger (无座): no seat to bring it to, so the passenger names the coach
/// they stand in (one of the coaches of the class whose fare standing pays: G101's second class,
/// coaches 03 to 08) and the merchant's queue says where to deliver.
final class StandingDeliveryTests: XCTestCase {
    func testAStandingPassengerOrdersAMealToTheCoachTheyStandIn() throws {
        let client = try ShopOrderFixtures.traveller()
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 1))
        for seatClass in [SeatClass.business, .first, .second] {
            try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: seatClass, from: 0, to: 2)
        }
        let booked = try BookingFixtures.book(
            try BookingFixtures.bookPage(seatClass: "standing", with: client),
            passengers: [try BookingFixtures.holderID(client)], with: client)
        let paid = try PaymentFixtures.press("confirm", on: try PaymentFixtures.openProvider(booked, with: client), with: client)
        let ticketID = try XCTUnwrap(try paid.document().node("//li[@data-ticket]")?.attribute("data-ticket"))
        try ShopOrderFixtures.fillCart(with: client)

        let checkout = try ShopOrderFixtures.checkoutPage(with: client)
        let offered = try XCTUnwrap(
            try checkout.document().node("//ul[@class='choice-list']/li[@data-ticket='\(ticketID)']"),
            "a standing ticket takes a delivery")
        XCTAssertEqual(offered.attribute("data-seat"), "")
        XCTAssertNotNil(offered.node(".//input[@name='ticket'][@value='\(ticketID)']"))
        XCTAssertEqual(
            offered.nodes(".//select[@name='coach_\(ticketID)']/option").compactMap { $0.attribute("value") },
            ["", "03", "04", "05", "06", "07", "08"])

        var form = try checkout.document().form(action: checkout.target)
        try form.check("ticket", value: ticketID)
        let unnamed = try client.submit(form, from: checkout)
        XCTAssertEqual(unnamed.status, .unprocessableContent)
        XCTAssertEqual(try unnamed.document().text("//p[@role='alert']"), "无座车票请选择您所在的车厢，餐食将送到该车厢。")
        XCTAssertEqual(try ShopOrderFixtures.orderCount(client), 0)

        form = try unnamed.document().form(action: checkout.target)
        try form.fill("coach_\(ticketID)", "05")
        let provider = try client.submit(form, from: unnamed)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        let order = try PaymentFixtures.press("confirm", on: provider, with: client)
        let section = try XCTUnwrap(try order.document().node("//section[@data-order]"))
        XCTAssertEqual(section.attribute("data-coach"), "05")
        XCTAssertEqual(section.attribute("data-seat"), "")
        XCTAssertTrue(section.text.contains("05车 无座"), section.text)

        let admin = try ShopOrderFixtures.admin(of: client)
        let queued = try XCTUnwrap(
            try admin.get("/shop/merchant").document()
                .node("//ol[contains(@class,'merchant__waiting')]/li[@data-order='\(ShopOrderFixtures.number(order))']"))
        XCTAssertEqual(queued.attribute("data-coach"), "05")
        XCTAssertEqual(queued.attribute("data-seat"), "")
        XCTAssertTrue(queued.text.contains("G101 \(ChinaTime.today().adding(days: 1)) · 05车 无座"), queued.text)
    }
}
