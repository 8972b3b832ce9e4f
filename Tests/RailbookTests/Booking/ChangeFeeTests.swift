import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// 改签 as 12306 sells today: a change to another date costs a fee on the fare by the time left
/// (48 h or more free, 24–48 h 5 %, under 24 h 15 %), and after departure the ticket can still be
/// changed that day to a later train, for 40 %. Fares: G101 甲城 → 丙城 second ¥276, first ¥444;
/// 甲城 → 乙城 G101 second ¥138, K201 (22:00) hard seat ¥36.
final class ChangeFeeTests: XCTestCase {
    func testAChangeToAnotherDate30HoursAheadCostsFivePercentPaidFirst() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let ticket = try RefundFixtures.ticket(paid.ticketID, in: client.application)
        let nextDay = ChinaTime.today().adding(days: 4)
        let free = try client.get("/tickets/\(paid.ticketID)/change?date=\(nextDay)").document()
        XCTAssertNil(free.node("//*[@data-change-fee-notice]"), "more than 48 hours ahead a change is free")

        try client.keepBrowsing("/", until: ticket.departsAt - 30 * 3600)
        let list = try client.get("/tickets/\(paid.ticketID)/change?date=\(nextDay)").document()
        XCTAssertEqual(list.text("//*[@data-change-fee-notice]"), "改签到该日期的列车核收改签费 ¥14（票价的 5%）。")
        let sameDay = try client.get("/tickets/\(paid.ticketID)/change").document()
        XCTAssertNil(sameDay.node("//*[@data-change-fee-notice]"), "another train the same day costs no fee")

        let link = try XCTUnwrap(list.node("//li[@data-train='G101']//li[@data-class='second']//a")?.attribute("href"))
        let confirm = try client.get(link)
        let document = try confirm.document()
        XCTAssertEqual(document.node("//*[@data-difference]")?.attribute("data-difference"), "¥0")
        XCTAssertEqual(document.node("//*[@data-change-fee]")?.attribute("data-change-fee"), "¥14", "5% of ¥276 = ¥13.8 → ¥14")
        XCTAssertEqual(document.node("//*[@data-to-pay]")?.attribute("data-to-pay"), "¥14")
        let provider = try client.submit(try document.form(action: "/tickets/\(paid.ticketID)/change"), from: confirm)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        XCTAssertEqual(try provider.document().node("//section[@data-payment]")?.attribute("data-amount"), "1400")
        XCTAssertEqual(try RefundFixtures.ticket(paid.ticketID, in: client.application).status, .issued, "nothing changes before the payment")

        let back = try PaymentFixtures.press("confirm", on: provider, with: client)
        let order = try client.get(back.target).document()
        let old = try XCTUnwrap(order.node("//li[@data-ticket='\(paid.ticketID)']"))
        XCTAssertEqual(old.attribute("data-status"), "changed")
        XCTAssertEqual(order.node("//li[@data-ticket='\(paid.ticketID)']//*[@data-change-fee]")?.attribute("data-change-fee"), "¥14")
        XCTAssertEqual(order.node("//li[@data-changed-from='\(paid.ticketID)']")?.attribute("data-date"), nextDay.description)
        XCTAssertNotNil(
            order.node("//li[@data-ticket='\(paid.ticketID)']//a[@href='/tickets/\(paid.ticketID)/invoice']"), "the fee can be invoiced")
        let stored = try RefundFixtures.ticket(paid.ticketID, in: client.application)
        XCTAssertEqual(stored.changeFeeFen, 1_400)
        XCTAssertEqual(try RefundFixtures.changePayment(in: client.application)?.status, "paid")
    }

    func testUnder24HoursTheFeeIsFifteenPercentTakenFromWhatALowerFareGivesBack() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(seatClass: "first", with: client)
        let ticket = try RefundFixtures.ticket(paid.ticketID, in: client.application)
        try client.keepBrowsing("/", until: ticket.departsAt - 10 * 3600)
        let nextDay = ChinaTime.date(at: ticket.departsAt).adding(days: 1)
        let list = try client.get("/tickets/\(paid.ticketID)/change?date=\(nextDay)").document()
        let link = try XCTUnwrap(list.node("//li[@data-train='G101']//li[@data-class='second']//a")?.attribute("href"))
        let confirm = try client.get(link)
        let document = try confirm.document()
        XCTAssertEqual(document.node("//*[@data-difference]")?.attribute("data-difference"), "-¥168")
        XCTAssertEqual(document.node("//*[@data-fee]")?.attribute("data-fee"), "¥33.5", "20% of ¥168 = ¥33.6 → ¥33.5")
        XCTAssertEqual(document.node("//*[@data-change-fee]")?.attribute("data-change-fee"), "¥66.5", "15% of ¥444 = ¥66.6 → ¥66.5")
        XCTAssertEqual(document.node("//*[@data-refund]")?.attribute("data-refund"), "¥68")
        XCTAssertNil(document.node("//*[@data-to-pay]"))
        let done = try client.submit(try document.form(action: "/tickets/\(paid.ticketID)/change"), from: confirm)
        XCTAssertTrue(done.target.hasPrefix("/orders/E"), done.target)
        XCTAssertEqual(try RefundFixtures.payment(paid.order, in: client.application).refundedFen, 6_800)
        let stored = try RefundFixtures.ticket(paid.ticketID, in: client.application)
        XCTAssertEqual(stored.refundFeeFen, 3_350)
        XCTAssertEqual(stored.changeFeeFen, 6_650)
        XCTAssertEqual(stored.refundedFen, 6_800)
        let money = try client.get(paid.order).document()
        XCTAssertEqual(money.node("//*[@data-money='fee']")?.attribute("data-amount"), "10000", "both fees on the order's money")
    }

    func testAfterDepartureTheTicketChangesToALaterTrainThatDayForFortyPercentAndNotAfterTheDay() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(from: "甲城", to: "乙城", daysAhead: 1, with: client)
        let ticketDay = ChinaTime.today().adding(days: 1)
        try RefundFixtures.waitUntilDeparted(ticketID: paid.ticketID, with: client)
        let list = try client.get("/tickets/\(paid.ticketID)/change")
        var document = try list.document()
        XCTAssertNil(document.node("//div[@role='alert']"), "still changeable on the day")
        XCTAssertEqual(document.node("//input[@name='date']")?.attribute("min"), ticketDay.description)
        XCTAssertEqual(document.node("//input[@name='date']")?.attribute("max"), ticketDay.description, "only the ticket's date")
        XCTAssertEqual(document.text("//*[@data-change-fee-notice]"), "改签到该日期的列车核收改签费 ¥55（票价的 40%）。")
        XCTAssertNil(document.node("//li[@data-train='G101']"), "the train that left is not offered")
        let offer = try XCTUnwrap(document.node("//li[@data-train='K201']//li[@data-class='hard_seat']"))

        let nextDayRun = try TimetableFixtures.runID(client.application, train: "K201", date: ticketDay.adding(days: 1))
        let otherDay = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(nextDayRun)&class=hard_seat").document()
        XCTAssertEqual(otherDay.text("//div[@role='alert']/p[1]"), "列车开出后，只能改签票面日期当日开出的其他列车。")
        XCTAssertNil(otherDay.node("//form[@action='/tickets/\(paid.ticketID)/change']"))

        let confirm = try client.get(try XCTUnwrap(offer.nodes(".//a").first?.attribute("href")))
        document = try confirm.document()
        XCTAssertEqual(document.node("//*[@data-difference]")?.attribute("data-difference"), "-¥102")
        XCTAssertEqual(document.node("//*[@data-change-fee]")?.attribute("data-change-fee"), "¥55", "40% of ¥138 = ¥55.2 → ¥55")
        XCTAssertNil(document.node("//*[@data-refund]"), "after departure a lower fare gives nothing back")
        XCTAssertEqual(document.node("//*[@data-to-pay]")?.attribute("data-to-pay"), "¥55")
        let provider = try client.submit(try document.form(action: "/tickets/\(paid.ticketID)/change"), from: confirm)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        let back = try PaymentFixtures.press("confirm", on: provider, with: client)
        let order = try client.get(back.target).document()
        XCTAssertEqual(order.node("//li[@data-changed-from='\(paid.ticketID)']")?.attribute("data-train"), "K201")
        XCTAssertEqual(try RefundFixtures.ticket(paid.ticketID, in: client.application).changeFeeFen, 5_500)

        let other = try RefundFixtures.paidTicket(from: "甲城", to: "乙城", daysAhead: 2, with: client)
        let otherTicket = try RefundFixtures.ticket(other.ticketID, in: client.application)
        try client.keepBrowsing("/", until: RunLeg.unixTime(ChinaTime.date(at: otherTicket.departsAt).adding(days: 1), minute: 1))
        let late = try client.get("/tickets/\(other.ticketID)/change").document()
        XCTAssertEqual(late.text("//div[@role='alert']/p[1]"), "列车已开出且已过票面日期，该车票不能再改签。")
        XCTAssertNil(late.node("//li[@data-train]"))
    }
}
