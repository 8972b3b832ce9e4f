import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// A train expected 20 minutes late or more at the traveller's boarding station (the default)
/// waives the refund fee, and the fee on a change to another train the same day, until it leaves.
final class LateTrainTests: XCTestCase {
    /// Reports the expected departure of the ticket's run from 甲城 (scheduled 08:00) as `time`.
    private func reportDeparture(_ time: String, ofTicket ticketID: Int64, with admin: TestClient) throws {
        let runID = try admin.application.database.read { try $0.queryOne("SELECT run_id FROM tickets WHERE id = ?", [ticketID])!.int64("run_id") }
        let page = try admin.get("/admin/runs/\(runID)/running")
        var form = try page.document().form("//li[@data-stop='AAA']//form")
        try form.fill("departure", time)
        XCTAssertEqual(try admin.submit(form, from: page).status, .ok)
    }

    func testAnExpectedDelayOf20MinutesWaivesTheRefundAndSameDayChangeFees() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(from: "甲城", to: "乙城", with: client)
        let before = try client.get("/tickets/\(paid.ticketID)/refund").document()
        XCTAssertNil(before.node("//p[@data-late]"))
        XCTAssertNotEqual(before.node("//*[@data-fee]")?.attribute("data-fee"), "¥0", "a fee before any delay")

        let admin = try ShopOrderFixtures.admin(of: client)
        try reportDeparture("08:19", ofTicket: paid.ticketID, with: admin)
        XCTAssertNil(try client.get("/tickets/\(paid.ticketID)/refund").document().node("//p[@data-late]"), "19 minutes waive nothing")
        try reportDeparture("08:25", ofTicket: paid.ticketID, with: admin)

        let changes = try client.get("/tickets/\(paid.ticketID)/change").document()
        XCTAssertEqual(
            changes.text("//p[@data-late]"), "您的列车预计在上车站晚点 25 分钟：开车前可免费退票，或免费改签当日其他列车。")
        let offer = try XCTUnwrap(changes.node("//li[@data-train='K201']//li[@data-class='hard_seat']"))
        let confirm = try client.get(try XCTUnwrap(offer.nodes(".//a").first?.attribute("href"))).document()
        XCTAssertEqual(confirm.node("//*[@data-difference]")?.attribute("data-difference"), "-¥102")
        XCTAssertEqual(confirm.node("//*[@data-fee]")?.attribute("data-fee"), "¥0", "no fee on a change the same day")
        XCTAssertEqual(confirm.node("//*[@data-refund]")?.attribute("data-refund"), "¥102")

        let refund = try client.get("/tickets/\(paid.ticketID)/refund")
        XCTAssertNotNil(try refund.document().node("//p[@data-late]"))
        XCTAssertEqual(try refund.document().node("//*[@data-fee]")?.attribute("data-fee"), "¥0")
        let done = try client.submit(try refund.document().form(action: "/tickets/\(paid.ticketID)/refund"), from: refund)
        XCTAssertEqual(done.status, .ok)
        XCTAssertEqual(try RefundFixtures.ticket(paid.ticketID, in: client.application).refundedFen, 13_800, "the whole fare back")
        XCTAssertEqual(try RefundFixtures.ticket(paid.ticketID, in: client.application).refundFeeFen, 0)
    }

    func testALateTrainMayBeRefundedAfterItsScheduledTimeUntilItLeaves() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(from: "甲城", to: "乙城", daysAhead: 1, with: client)
        let admin = try ShopOrderFixtures.admin(of: client)
        try reportDeparture("08:40", ofTicket: paid.ticketID, with: admin)
        let application = client.application
        application.stopClock()
        let departure = try RefundFixtures.ticket(paid.ticketID, in: application).departsAt
        application.wait(seconds: departure + 10 * 60 - application.clock.now())
        try AccountFixtures.logIn("li_lei", "Train2026!", with: client)
        let refund = try client.get("/tickets/\(paid.ticketID)/refund")
        XCTAssertEqual(try refund.document().node("//*[@data-fee]")?.attribute("data-fee"), "¥0", "ten minutes after 08:00, the train has not left")
        application.wait(seconds: 31 * 60)
        try AccountFixtures.logIn("li_lei", "Train2026!", with: client) // half an hour idle ends the session
        let gone = try client.get("/tickets/\(paid.ticketID)/refund").document()
        XCTAssertNotNil(gone.node("//dl[@data-ticket]"), "the refund page, not the login page")
        XCTAssertNil(gone.node("//*[@data-fee]"), "once it has left, no refund")
        let changes = try client.get("/tickets/\(paid.ticketID)/change").document()
        XCTAssertEqual(
            changes.text("//*[@data-change-fee-notice]"), "改签到该日期的列车核收改签费 ¥55（票价的 40%）。",
            "once it has left, a change that day costs the fee after departure, late or not")
        let offer = try XCTUnwrap(changes.node("//li[@data-train='K201']//li[@data-class='hard_seat']//a")?.attribute("href"))
        XCTAssertEqual(try client.get(offer).document().node("//*[@data-change-fee]")?.attribute("data-change-fee"), "¥55")
    }
}
