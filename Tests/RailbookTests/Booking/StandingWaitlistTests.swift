import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The waitlist (候补) and standing (无座): a sold-out class is waitlisted while standing places
/// remain, also by a passenger who took a standing ticket on that train meanwhile. Served, the
/// waitlist's seat replaces the standing ticket: refunded in full (no fee), its place given back.
/// Tomorrow's G101 甲城 → 丙城: second class and standing ¥276.
final class StandingWaitlistTests: XCTestCase {
    func testAPassengerStandingOnTheTrainWaitlistsASeatAndTheStandingTicketIsRefundedInFullWhenServed() throws {
        let seller = try BookingFixtures.traveller()
        let held = try WaitlistFixtures.sellOutAround(seats: 1, booker: seller)
        let runID = try WaitlistFixtures.runID(seller)
        for seatClass in [SeatClass.business, .first] {
            try TimetableFixtures.sellAll(seller.application, runID: runID, seatClass: seatClass, from: 0, to: 2)
        }
        let traveller = try WaitlistFixtures.member("han_mm", name: "韩梅梅", sequence: "224", mobile: "13900000001", on: seller.application)
        let booked = try BookingFixtures.book(
            try BookingFixtures.bookPage(seatClass: "standing", with: traveller),
            passengers: [try WaitlistFixtures.holderID(traveller)], with: traveller)
        let standingOrder = try PaymentFixtures.press("confirm", on: try PaymentFixtures.openProvider(booked, with: traveller), with: traveller)
        let standingTicket = try XCTUnwrap(try standingOrder.document().node("//li[@data-ticket]"))
        XCTAssertEqual(standingTicket.attribute("data-class"), "standing")
        XCTAssertEqual(try RefundFixtures.seatsLeft(seatClass: "standing", daysAhead: 1, with: traveller), "30")

        let page = try WaitlistFixtures.waitlistPage(with: traveller)
        XCTAssertNotNil(try page.document().node("//form//p[@class='hint'][contains(., '无座')]"), "the form says what becomes of standing")
        let provider = try WaitlistFixtures.join(page, with: traveller)
        let refusal = try provider.document().text("//div[@role='alert']/p") ?? ""
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), "\(provider.status) \(refusal)")
        let waitlist = try PaymentFixtures.press("confirm", on: provider, with: traveller)
        XCTAssertEqual(try WaitlistFixtures.state(waitlist.target, with: traveller).status, "waiting")

        try WaitlistFixtures.cancel(held, with: seller)

        let served = try traveller.get(waitlist.target).document()
        XCTAssertEqual(served.node("//section[@data-waitlist]")?.attribute("data-status"), "fulfilled")
        let seatOrder = try XCTUnwrap(served.node("//a[@data-order]")?.attribute("data-order"))
        XCTAssertEqual(try traveller.get("/orders/" + seatOrder).document().node("//li[@data-ticket]")?.attribute("data-class"), "second")
        let upgraded = try traveller.get(standingOrder.target).document()
        XCTAssertEqual(upgraded.node("//section[@data-order]")?.attribute("data-status"), "refunded")
        XCTAssertEqual(upgraded.node("//li[@data-ticket]")?.attribute("data-status"), "refunded")
        XCTAssertEqual(try RefundFixtures.payment(standingOrder.target, in: seller.application).refundedFen, 27_600, "in full, no fee")
        XCTAssertEqual(try PaymentFixtures.refunds(seller).map(\.reason), ["standing_upgrade"])
        XCTAssertEqual(try RefundFixtures.seatsLeft(seatClass: "standing", daysAhead: 1, with: traveller), "31", "the place is given back")
        let notices = try traveller.get("/me").document().nodes("//li[@data-notice]").map { $0.attribute("data-key") ?? "" }
        XCTAssertTrue(notices.contains("notice_standing_upgraded"), "\(notices)")
    }

    func testAStandingTicketOutsideTheWaitlistsStretchStillClashes() throws {
        let seller = try BookingFixtures.traveller()
        _ = try WaitlistFixtures.sellOutAround(seats: 1, booker: seller)
        let runID = try WaitlistFixtures.runID(seller)
        for seatClass in [SeatClass.business, .first] {
            try TimetableFixtures.sellAll(seller.application, runID: runID, seatClass: seatClass, from: 0, to: 2)
        }
        let traveller = try WaitlistFixtures.member("han_mm", name: "韩梅梅", sequence: "224", mobile: "13900000001", on: seller.application)
        let booked = try BookingFixtures.book(
            try BookingFixtures.bookPage(seatClass: "standing", with: traveller),
            passengers: [try WaitlistFixtures.holderID(traveller)], with: traveller)
        _ = try PaymentFixtures.press("confirm", on: try PaymentFixtures.openProvider(booked, with: traveller), with: traveller)
        let page = try traveller.get("/waitlist/new?run=\(runID)&from=AAA&to=BBB&class=second")
        let refused = try WaitlistFixtures.join(page, with: traveller)
        XCTAssertEqual(refused.status, .conflict, "standing 甲城 → 丙城 is not replaced by a seat to 乙城 only")
        XCTAssertEqual(try refused.document().text("//div[@role='alert']/p"), "韩梅梅 已有同一时间段的车票或候补订单。")
    }
}
