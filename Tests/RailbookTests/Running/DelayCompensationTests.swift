import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// Compensation for a late arrival, paid without a claim once the actual arrival is reported: 25 %
/// of the fare from 60 minutes, 50 % from 120 (the default bands), once a ticket.
final class DelayCompensationTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    /// Reports the actual arrival of tomorrow's G101 at 丙城 (scheduled 10:00) as `time`.
    private func reportArrival(_ time: String, with admin: TestClient) throws {
        let runID = try WaitlistFixtures.runID(admin)
        let page = try admin.get("/admin/runs/\(runID)/running")
        var form = try page.document().form("//li[@data-stop='CCC']//form")
        try form.fill("arrival", time)
        try form.fill("arrival_kind", "actual")
        XCTAssertEqual(try admin.submit(form, from: page).status, .ok, time)
    }

    private func compensations(_ client: TestClient) throws -> [(reason: String, amount: Int)] {
        try client.application.database.read { db in
            try db.query("SELECT reason, amount_fen FROM refunds WHERE reason = 'delay_compensation' ORDER BY id").map {
                (try $0.string("reason"), try $0.int("amount_fen"))
            }
        }
    }

    func testALateArrivalPaysItsBandOnceAndAHigherBandTheDifference() throws {
        let traveller = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: traveller)
        let fare = try traveller.application.database.read {
            try $0.queryOne("SELECT price_fen FROM tickets WHERE id = ?", [ticketID])!.int("price_fen")
        }
        let admin = try ShopOrderFixtures.admin(of: traveller)

        try reportArrival("10:59", with: admin)
        XCTAssertTrue(try compensations(traveller).isEmpty, "59 minutes late owes nothing")

        try reportArrival("11:15", with: admin)
        let quarter = Fares.roundToHalfYuan(fare * 25 / 100)
        XCTAssertEqual(try compensations(traveller).map(\.amount), [quarter])
        try reportArrival("11:20", with: admin)
        XCTAssertEqual(try compensations(traveller).map(\.amount), [quarter], "the same band is paid once")

        let number = try traveller.application.database.read { db in
            try db.queryOne("SELECT o.number FROM orders o JOIN tickets t ON t.order_id = o.id WHERE t.id = ?", [ticketID])!.string("number")
        }
        let page = try traveller.get("/orders/" + number).document()
        XCTAssertEqual(
            page.text("//li[@data-ticket='\(ticketID)']//p[@data-compensation]"), "已自动赔付 \(Money.format(quarter))（到站晚点 75 分钟）")
        XCTAssertTrue(page.text("//main")?.contains("晚点赔偿") ?? false, "the money summary names the compensation")
        XCTAssertTrue(
            try traveller.get("/me").document().text("//main")?.contains("已自动向") ?? false, "a notice tells the traveller")

        try reportArrival("12:05", with: admin)
        let half = Fares.roundToHalfYuan(fare * 50 / 100)
        XCTAssertEqual(try compensations(traveller).map(\.amount), [quarter, half - quarter], "the next band pays the difference")
        try reportArrival("11:00", with: admin)
        XCTAssertEqual(try compensations(traveller).count, 2, "a lower report takes nothing back")
        let ticketPage = try traveller.get("/tickets/\(ticketID)").document()
        XCTAssertNotNil(ticketPage.node("//p[@data-compensation]"))
        XCTAssertEqual(ticketPage.text("//p[@data-running]"), "当前：08:00 开，11:00 到（晚点 60 分钟）")
    }

    func testARefundedOrUnpaidTicketGetsNothing() throws {
        let traveller = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: traveller)
        let page = try traveller.get("/tickets/\(ticketID)/refund")
        _ = try traveller.submit(try page.document().form(action: "/tickets/\(ticketID)/refund"), from: page)
        let other = try WaitlistFixtures.member("wang_w", name: "王伟", sequence: "301", mobile: "13700000001", on: traveller.application)
        _ = try ShopOrderFixtures.ticket(pay: false, with: other)
        let admin = try ShopOrderFixtures.admin(of: traveller)
        try reportArrival("12:30", with: admin)
        XCTAssertTrue(try compensations(traveller).isEmpty)
        XCTAssertEqual(try traveller.application.database.read { try $0.query("SELECT ticket_id FROM delay_compensations").count }, 0)
    }

    func testARunThatMakesUpItsDelayBeforeArrivingPaysNothing() throws {
        let traveller = try ShopOrderFixtures.traveller()
        _ = try ShopOrderFixtures.ticket(with: traveller)
        let admin = try ShopOrderFixtures.admin(of: traveller)
        let runID = try WaitlistFixtures.runID(admin)
        let page = try admin.get("/admin/runs/\(runID)/running")
        var departure = try page.document().form("//li[@data-stop='AAA']//form")
        try departure.fill("departure", "09:20")
        try departure.fill("departure_kind", "actual")
        let late = try admin.submit(departure, from: page)
        XCTAssertEqual(try late.document().node("//li[@data-stop='CCC']")?.attribute("data-delay"), "76", "expected 76 minutes late")
        XCTAssertTrue(try compensations(traveller).isEmpty, "an expected delay pays nothing")
        try reportArrival("10:55", with: admin)
        XCTAssertTrue(try compensations(traveller).isEmpty, "55 minutes late on arrival: nothing")
    }
}
