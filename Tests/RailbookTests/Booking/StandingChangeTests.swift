import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// Changing (改签) standing tickets (无座), and changing to standing: a standing ticket changes like a
/// seated one (one change, fare difference and fee), to a seat or, where the target's seats are gone
/// and it offers standing places, to standing; the place it held is given back when the change is made.
/// Fares: G101 甲城 → 丙城 second class and standing ¥276; 甲城 → 乙城 standing ¥138, K201 hard seat ¥36.
final class StandingChangeTests: XCTestCase {
    func testAStandingTicketChangesToStandingOnAnotherDayAndGivesItsPlaceBack() throws {
        let client = try BookingFixtures.traveller()
        try sellSeats(daysAhead: 3, with: client)
        try sellSeats(daysAhead: 4, with: client)
        let paid = try RefundFixtures.paidTicket(seatClass: "standing", with: client)
        XCTAssertEqual(try RefundFixtures.seatsLeft(seatClass: "standing", with: client), "30")
        let nextDay = ChinaTime.today().adding(days: 4)
        let list = try client.get("/tickets/\(paid.ticketID)/change?date=\(nextDay)").document()
        let offer = try XCTUnwrap(list.node("//li[@data-train='G101']//li[@data-class='standing']"), "standing offered where seats are gone")
        XCTAssertEqual(offer.attribute("data-seats"), "31")
        XCTAssertEqual(offer.attribute("data-price"), "¥276")
        let confirm = try client.get(try XCTUnwrap(offer.nodes(".//a").first?.attribute("href")))
        let document = try confirm.document()
        XCTAssertEqual(document.node("//dl[@data-run]")?.attribute("data-date"), nextDay.description)
        XCTAssertEqual(document.node("//*[@data-new-price]")?.attribute("data-new-price"), "¥276")
        XCTAssertEqual(document.node("//*[@data-difference]")?.attribute("data-difference"), "¥0")
        let done = try client.submit(try document.form(action: "/tickets/\(paid.ticketID)/change"), from: confirm)
        XCTAssertTrue(done.target.hasSuffix("?changed=1"), done.target)
        let order = try done.document()
        XCTAssertEqual(order.node("//li[@data-ticket='\(paid.ticketID)']")?.attribute("data-status"), "changed")
        let replacement = try XCTUnwrap(order.node("//li[@data-changed-from='\(paid.ticketID)']"))
        XCTAssertEqual(replacement.attribute("data-class"), "standing")
        XCTAssertEqual(replacement.attribute("data-date"), nextDay.description)
        XCTAssertEqual(replacement.attribute("data-seat"), "")
        XCTAssertEqual(replacement.text(".//p[@class='ticket__seat']"), "无座")
        XCTAssertEqual(try RefundFixtures.seatsLeft(seatClass: "standing", with: client), "31", "the old place is given back")
        XCTAssertEqual(try RefundFixtures.seatsLeft(seatClass: "standing", daysAhead: 4, with: client), "30", "the new place is taken")
        XCTAssertEqual(try RefundFixtures.payment(paid.order, in: client.application).refundedFen, 0)
    }

    func testASeatedTicketChangesToStandingOnlyOnceTheTargetsSeatsAreGone() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 4))
        let early = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(runID)&class=standing").document()
        XCTAssertEqual(early.text("//div[@role='alert']/p[1]"), "该区间仍有座位，无座票只在座位售完后发售，请选择有座席别。")
        XCTAssertNil(early.node("//form[@action='/tickets/\(paid.ticketID)/change']"))

        try sellSeats(daysAhead: 4, with: client)
        let confirm = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(runID)&class=standing")
        XCTAssertEqual(try confirm.document().node("//*[@data-difference]")?.attribute("data-difference"), "¥0")
        let done = try client.submit(try confirm.document().form(action: "/tickets/\(paid.ticketID)/change"), from: confirm).document()
        XCTAssertEqual(done.node("//li[@data-changed-from='\(paid.ticketID)']")?.attribute("data-class"), "standing")
        XCTAssertEqual(try RefundFixtures.seatsLeft(with: client), "540", "the old seat is free again")
        XCTAssertEqual(try RefundFixtures.seatsLeft(seatClass: "standing", daysAhead: 4, with: client), "30")
    }

    func testAStandingTicketChangesToACheaperSeatWithTheFeeAndGivesItsPlaceBack() throws {
        let client = try BookingFixtures.traveller()
        try sellSeats(daysAhead: 3, with: client)
        let paid = try RefundFixtures.paidTicket(seatClass: "standing", from: "甲城", to: "乙城", with: client)
        let list = try client.get("/tickets/\(paid.ticketID)/change").document()
        let offer = try XCTUnwrap(list.node("//li[@data-train='K201']//li[@data-class='hard_seat']"))
        XCTAssertTrue(offer.text.contains("-¥102"), offer.text)
        let confirm = try client.get(try XCTUnwrap(offer.nodes(".//a").first?.attribute("href")))
        XCTAssertEqual(try confirm.document().node("//*[@data-refund]")?.attribute("data-refund"), "¥97", "¥102 less 5%")
        let done = try client.submit(try confirm.document().form(action: "/tickets/\(paid.ticketID)/change"), from: confirm).document()
        XCTAssertEqual(done.node("//li[@data-changed-from='\(paid.ticketID)']")?.attribute("data-class"), "hard_seat")
        XCTAssertEqual(try RefundFixtures.payment(paid.order, in: client.application).refundedFen, 9_700)
        XCTAssertEqual(try RefundFixtures.seatsLeft(seatClass: "standing", from: "甲城", to: "乙城", with: client), "31")
        let again = try client.get("/tickets/\(paid.ticketID)/change").document()
        XCTAssertEqual(again.text("//div[@role='alert']/p[1]"), "该车票已改签过一次，每张车票只能改签一次。")
    }

    // MARK: - Helpers

    /// Every seated class of G101's run `daysAhead` days from today sold for the whole route.
    private func sellSeats(daysAhead: Int, with client: TestClient) throws {
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: daysAhead))
        for seatClass in [SeatClass.business, .first, .second] {
            try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: seatClass, from: 0, to: 2)
        }
    }
}
