import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// 退票: G101 甲城 → 丙城 second class is ¥276; three days ahead (56–80 hours before 08:00) the fee is 5%: ¥14.
final class RefundTests: XCTestCase {
    func testRefundPageShowsTheFeeBeforeConfirming() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let order = try client.get(paid.order).document()
        let link = try XCTUnwrap(order.node("//li[@data-ticket='\(paid.ticketID)']//a[contains(@href,'/refund')]")?.attribute("href"))
        let page = try client.get(link)
        let document = try page.document()
        XCTAssertEqual(document.node("//dl[@data-ticket]")?.attribute("data-train"), "G101")
        XCTAssertEqual(document.node("//*[@data-price]")?.attribute("data-price"), "¥276")
        XCTAssertEqual(document.node("//*[@data-fee]")?.attribute("data-fee"), "¥14")
        XCTAssertTrue(document.text("//*[@data-fee]")?.contains("5%") ?? false)
        XCTAssertEqual(document.node("//*[@data-refund]")?.attribute("data-refund"), "¥262")
        XCTAssertNotNil(try document.form(action: "/tickets/\(paid.ticketID)/refund"))
        XCTAssertEqual(try RefundFixtures.ticket(paid.ticketID, in: client.application).status, .issued, "showing changes nothing")
    }

    func testRefundReleasesTheSeatAndGivesTheRestBack() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        XCTAssertEqual(try RefundFixtures.seatsLeft(with: client), "539")
        let page = try client.get("/tickets/\(paid.ticketID)/refund")
        let done = try client.submit(try page.document().form(action: "/tickets/\(paid.ticketID)/refund"), from: page)
        XCTAssertEqual(done.redirects.first.map { String($0.prefix { $0 != "?" }) }, paid.order)
        let order = try done.document()
        XCTAssertEqual(order.text("//p[@role='status']"), "已退票，票款将退回原支付账户。")
        XCTAssertEqual(order.node("//section[@data-order]")?.attribute("data-status"), "refunded", "its only ticket is refunded")
        let ticket = try XCTUnwrap(order.node("//li[@data-ticket='\(paid.ticketID)']"))
        XCTAssertEqual(ticket.attribute("data-status"), "refunded")
        XCTAssertTrue(ticket.text.contains("退款 ¥262"), ticket.text)
        XCTAssertTrue(ticket.text.contains("退票费 ¥14"), ticket.text)
        XCTAssertNil(order.node("//li[@data-ticket='\(paid.ticketID)']//a[contains(@href,'/refund')]"), "no refund link any more")
        XCTAssertEqual(try RefundFixtures.payment(paid.order, in: client.application).refundedFen, 26_200)
        let stored = try RefundFixtures.ticket(paid.ticketID, in: client.application)
        XCTAssertEqual(stored.refundFeeFen, 1_400)
        XCTAssertEqual(stored.refundedFen, 26_200)
        XCTAssertEqual(try RefundFixtures.seatsLeft(with: client), "540", "the seat is on sale again")
    }

    func testOrderIsRefundedWhenAllItsTicketsAre() throws {
        let client = try BookingFixtures.traveller()
        let han = try BookingFixtures.addPassenger("韩梅梅", sequence: "224", with: client)
        let page = try BookingFixtures.bookPage(date: ChinaTime.today().adding(days: 3), with: client)
        let booked = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(client), han], with: client)
        try RefundFixtures.markPaid(booked.target, in: client.application)
        let ids = try client.get(booked.target).document().nodes("//li[@data-ticket]").compactMap { $0.attribute("data-ticket") }
        XCTAssertEqual(ids.count, 2)
        var order = try client.get(booked.target)
        for (index, id) in ids.enumerated() {
            let refund = try client.get("/tickets/\(id)/refund")
            order = try client.submit(try refund.document().form(action: "/tickets/\(id)/refund"), from: refund)
            let status = try order.document().node("//section[@data-order]")?.attribute("data-status")
            XCTAssertEqual(status, index == 0 ? "paid" : "refunded")
        }
        XCTAssertEqual(try RefundFixtures.payment(booked.target, in: client.application).refundedFen, 2 * 26_200)
        XCTAssertEqual(try RefundFixtures.seatsLeft(with: client), "540")
    }

    func testDoubleSubmitRefundsOnce() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let page = try client.get("/tickets/\(paid.ticketID)/refund")
        let form = try page.document().form(action: "/tickets/\(paid.ticketID)/refund")
        let first = try client.submit(form, from: page)
        let second = try client.submit(form, from: page)
        XCTAssertEqual(first.status, .ok)
        XCTAssertEqual(second.status, .ok)
        XCTAssertEqual(try second.document().node("//li[@data-ticket='\(paid.ticketID)']")?.attribute("data-status"), "refunded")
        let refunds = try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM refunds")!.int("n") }
        XCTAssertEqual(refunds, 1)
        XCTAssertEqual(try RefundFixtures.payment(paid.order, in: client.application).refundedFen, 26_200)
        let again = try client.get("/tickets/\(paid.ticketID)/refund").document()
        XCTAssertEqual(again.text("//div[@role='alert']/p[1]"), "该车票已退票。")
        XCTAssertNil(again.node("//form[@action='/tickets/\(paid.ticketID)/refund']"))
    }

    func testAnotherUsersTicketIsNotFound() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let other = TestClient(application: client.application)
        try AccountFixtures.register(
            AccountFixtures.Person(
                account: "han_mm", name: "韩梅梅",
                certificateNumber: AccountFixtures.residentID(sequence: "224"),
                mobile: "13900000000", gender: "female"), with: other)
        XCTAssertEqual(try other.get("/tickets/\(paid.ticketID)/refund").status, .notFound)
        let csrf = try XCTUnwrap(try other.get("/me/passengers/new").document().form(action: "/me/passengers").value("csrf"))
        XCTAssertEqual(try other.post("/tickets/\(paid.ticketID)/refund", fields: [("csrf", csrf)]).status, .notFound)
        XCTAssertEqual(try client.get("/tickets/999999/refund").status, .notFound)
        XCTAssertEqual(try client.get("/tickets/abc/refund").status, .notFound)
        XCTAssertEqual(try RefundFixtures.ticket(paid.ticketID, in: client.application).status, .issued)
    }

    func testDepartedTicketIsRefused() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let page = try client.get("/tickets/\(paid.ticketID)/refund")
        try RefundFixtures.waitUntilDeparted(ticketID: paid.ticketID, with: client)
        let refused = try client.submit(try page.document().form(action: "/tickets/\(paid.ticketID)/refund"), from: page)
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(try refused.document().text("//div[@role='alert']/p[1]"), "列车已开出，该车票不能再退票。")
        let shown = try client.get("/tickets/\(paid.ticketID)/refund").document()
        XCTAssertEqual(shown.text("//div[@role='alert']/p[1]"), "列车已开出，该车票不能再退票。")
        XCTAssertNil(shown.node("//form[@action='/tickets/\(paid.ticketID)/refund']"))
        XCTAssertEqual(try RefundFixtures.ticket(paid.ticketID, in: client.application).status, .issued)
        XCTAssertEqual(try RefundFixtures.payment(paid.order, in: client.application).refundedFen, 0)
    }

    func testAnUnpaidTicketCannotBeRefunded() throws {
        let client = try BookingFixtures.traveller()
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
        let id = try XCTUnwrap(try order.document().node("//li[@data-ticket]")?.attribute("data-ticket"))
        let page = try client.get("/tickets/\(id)/refund").document()
        XCTAssertEqual(page.text("//div[@role='alert']/p[1]"), "该车票不能退票：只有已出票的车票可以退票。")
        XCTAssertNil(page.node("//form[@action='/tickets/\(id)/refund']"))
    }

    func testFeeFollowsTheTimeLeft() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(daysAhead: 10, with: client)
        let departure = try RefundFixtures.ticket(paid.ticketID, in: client.application).departsAt
        var page = try client.get("/tickets/\(paid.ticketID)/refund").document()
        XCTAssertEqual(page.node("//*[@data-fee]")?.attribute("data-fee"), "¥0")
        XCTAssertEqual(page.node("//*[@data-refund]")?.attribute("data-refund"), "¥276")
        try client.keepBrowsing("/", until: departure - 30 * 3600)
        page = try client.get("/tickets/\(paid.ticketID)/refund").document()
        XCTAssertEqual(page.node("//*[@data-fee]")?.attribute("data-fee"), "¥27.5", "10% of ¥276 = ¥27.6 → ¥27.5")
        try client.keepBrowsing("/", until: departure - 2 * 3600)
        page = try client.get("/tickets/\(paid.ticketID)/refund").document()
        XCTAssertEqual(page.node("//*[@data-fee]")?.attribute("data-fee"), "¥55", "20% of ¥276 = ¥55.2 → ¥55")
        XCTAssertEqual(page.node("//*[@data-refund]")?.attribute("data-refund"), "¥221")
    }
}
