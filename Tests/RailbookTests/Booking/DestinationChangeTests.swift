import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// 变更到站: a ticket's destination changed on the same train and class, once, 48 hours or more
/// before departure; the seat kept where it is free for the new stretch, the old stretch given
/// back; a higher fare paid, a lower one refunded less the refund fee; meals ordered to the seat
/// kept while their station is still on the trip. G101 甲城 → 乙城 ¥138, → 丙城 ¥276 (second).
final class DestinationChangeTests: XCTestCase {
    func testAFurtherDestinationKeepsTheSeatAndThePassengerPaysTheDifference() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(from: "甲城", to: "乙城", with: client)
        let old = try RefundFixtures.ticket(paid.ticketID, in: client.application)
        let link = try XCTUnwrap(
            try client.get(paid.order).document().node("//li[@data-ticket='\(paid.ticketID)']//a[text()='变更到站']")?.attribute("href"))
        let page = try client.get(link).document()
        let stop = try XCTUnwrap(page.node("//li[@data-station='CCC']"))
        XCTAssertEqual(stop.attribute("data-price"), "¥276")
        XCTAssertTrue(stop.text.contains("+¥138"), stop.text)
        XCTAssertNil(page.node("//li[@data-station='BBB']"), "not the current destination")
        XCTAssertNil(page.node("//li[@data-station='AAA']"), "not the origin")

        let confirm = try client.get(try XCTUnwrap(stop.node(".//a")?.attribute("href")))
        let document = try confirm.document()
        XCTAssertEqual(document.node("//*[@data-to-pay]")?.attribute("data-to-pay"), "¥138")
        XCTAssertNil(document.node("//*[@data-change-fee]"), "the same date before departure: no change fee")
        let provider = try client.submit(try document.form(action: "/tickets/\(paid.ticketID)/change"), from: confirm)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        let back = try PaymentFixtures.press("confirm", on: provider, with: client)
        let order = try client.get(back.target).document()
        let replacement = try XCTUnwrap(order.node("//li[@data-changed-from='\(paid.ticketID)']"))
        XCTAssertEqual(replacement.attribute("data-train"), "G101")
        XCTAssertEqual(replacement.attribute("data-seat"), old.seatCode, "the same seat, free for the longer stretch")
        let stored = try RefundFixtures.ticket(try XCTUnwrap(Int64(replacement.attribute("data-ticket") ?? "")), in: client.application)
        XCTAssertEqual([stored.fromSequence, stored.toSequence, stored.priceFen], [0, 2, 27_600])
        XCTAssertNil(order.node("//li[@data-ticket='\(stored.id)']//a[contains(@href, '/change')]"), "changed once: no second change")
        XCTAssertEqual(try RefundFixtures.seatsLeft(from: "乙城", to: "丙城", with: client), "539", "the seat is sold on to 丙城")
    }

    func testOnATrainFullToTheOldDestinationTheSeatIsStillExtended() throws {
        let client = try BookingFixtures.traveller()
        let date = ChinaTime.today().adding(days: 3)
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: date)
        try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .second, from: 0, to: 1, leavingFree: [7])
        let paid = try RefundFixtures.paidTicket(from: "甲城", to: "乙城", with: client)
        XCTAssertEqual(try RefundFixtures.ticket(paid.ticketID, in: client.application).seatIndex, 7, "the one seat left")
        let confirm = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(runID)&class=second&to=CCC")
        let provider = try client.submit(try confirm.document().form(action: "/tickets/\(paid.ticketID)/change"), from: confirm)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), "its own seat is free on to 丙城: \(provider.target)")
        let order = try client.get(try PaymentFixtures.press("confirm", on: provider, with: client).target).document()
        let replacement = try XCTUnwrap(order.node("//li[@data-changed-from='\(paid.ticketID)']"))
        XCTAssertEqual(replacement.attribute("data-seat"), try RefundFixtures.ticket(paid.ticketID, in: client.application).seatCode)
    }

    func testANearerDestinationRefundsTheDifferenceLessTheFeeAndGivesTheRestOfTheStretchBack() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let old = try RefundFixtures.ticket(paid.ticketID, in: client.application)
        XCTAssertEqual(try RefundFixtures.seatsLeft(from: "乙城", to: "丙城", with: client), "539")
        let confirm = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(old.runID)&class=second&to=BBB")
        let document = try confirm.document()
        XCTAssertEqual(document.node("//*[@data-difference]")?.attribute("data-difference"), "-¥138")
        XCTAssertEqual(document.node("//*[@data-fee]")?.attribute("data-fee"), "¥7", "5% of ¥138 = ¥6.9 → ¥7")
        XCTAssertEqual(document.node("//*[@data-refund]")?.attribute("data-refund"), "¥131")
        let done = try client.submit(try document.form(action: "/tickets/\(paid.ticketID)/change"), from: confirm)
        XCTAssertTrue(done.target.hasPrefix("/orders/E"), done.target)
        let replacement = try XCTUnwrap(try done.document().node("//li[@data-changed-from='\(paid.ticketID)']"))
        XCTAssertEqual(replacement.attribute("data-seat"), old.seatCode)
        XCTAssertEqual(try RefundFixtures.payment(paid.order, in: client.application).refundedFen, 13_100)
        XCTAssertEqual(try RefundFixtures.seatsLeft(from: "乙城", to: "丙城", with: client), "540", "乙城 → 丙城 is free again")
        XCTAssertEqual(try RefundFixtures.seatsLeft(from: "甲城", to: "乙城", with: client), "539")
    }

    func testInside48HoursToAStationNotServedAndAfterAChangeItIsRefused() throws {
        let client = try BookingFixtures.traveller()
        let soon = try RefundFixtures.paidTicket(daysAhead: 1, with: client)
        let tooLate = try client.get("/tickets/\(soon.ticketID)/destination").document()
        XCTAssertEqual(tooLate.text("//div[@role='alert']/p"), "距开车已不足 48 小时，不能再变更到站。")
        XCTAssertNil(tooLate.node("//li[@data-station]"))

        let paid = try RefundFixtures.paidTicket(from: "甲城", to: "乙城", with: client)
        let runID = try RefundFixtures.ticket(paid.ticketID, in: client.application).runID
        let elsewhere = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(runID)&class=second&to=DDD").document()
        XCTAssertEqual(elsewhere.text("//div[@role='alert']/p[1]"), "本次列车在出发站之后不停靠该站，不能变更到该站。")
        XCTAssertNil(elsewhere.node("//form[@action='/tickets/\(paid.ticketID)/change']"))
        let valid = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(runID)&class=second&to=CCC").document()
        let fields = try valid.form(action: "/tickets/\(paid.ticketID)/change").submission().fields.map {
            ($0.name, $0.name == "to" ? "DDD" : $0.value)
        }
        let posted = try client.post("/tickets/\(paid.ticketID)/change", fields: fields)
        XCTAssertEqual(posted.status, .conflict)
        XCTAssertEqual(try RefundFixtures.ticket(paid.ticketID, in: client.application).status, .issued, "nothing changed")

        let nextDay = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 4))
        let changed = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(nextDay)&class=second")
        let order = try client.submit(try changed.document().form(action: "/tickets/\(paid.ticketID)/change"), from: changed).document()
        let newID = try XCTUnwrap(order.node("//li[@data-changed-from='\(paid.ticketID)']")?.attribute("data-ticket"))
        let again = try client.get("/tickets/\(newID)/destination").document()
        XCTAssertEqual(again.text("//div[@role='alert']/p"), "该车票已改签过一次，每张车票只能改签一次。")
    }

    func testMealsStayWhileTheirStationIsOnTheTripAndAreRefundedOtherwise() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(daysAhead: 3, with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let diningCar = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: client)
        try ShopOrderFixtures.fillCart("yicheng", "盐水鸭", quantity: 1, with: client)
        let atYicheng = try ShopOrderFixtures.paidOrder("yicheng", ticket: ticketID, with: client)
        let runID = try RefundFixtures.ticket(ticketID, in: client.application).runID

        let confirm = try client.get("/tickets/\(ticketID)/change/confirm?run=\(runID)&class=second&to=BBB")
        let order = try client.submit(try confirm.document().form(action: "/tickets/\(ticketID)/change"), from: confirm).document()
        let newID = try XCTUnwrap(Int64(order.node("//li[@data-changed-from='\(ticketID)']")?.attribute("data-ticket") ?? ""))
        XCTAssertEqual(try ShopOrderFixtures.status(client.get(diningCar.target)), "paid", "the dining car still serves the trip")
        XCTAssertEqual(try ShopOrderFixtures.status(client.get(atYicheng.target)), "refunded", "乙城 is now where the trip ends")
        let moved = try client.application.database.read {
            try $0.queryOne("SELECT ticket_id FROM shop_orders WHERE number = ?", [ShopOrderFixtures.number(diningCar)])?.int64("ticket_id")
        }
        XCTAssertEqual(moved, newID, "the meal follows the ticket")
    }
}
