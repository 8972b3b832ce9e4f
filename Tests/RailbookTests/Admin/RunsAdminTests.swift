import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

final class RunsAdminTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    func testOnlyAdministratorsReachTheRunPagesAndActions() throws {
        let admin = try ShopOrderFixtures.admin(of: try BookingFixtures.traveller())
        let runID = try WaitlistFixtures.runID(admin)
        try AdminFixtures.assertAdminOnly("/admin/runs", admin: admin)
        try AdminFixtures.assertAdminOnly("/admin/runs?train=G101&date=\(tomorrow)", admin: admin)
        try AdminFixtures.assertAdminOnly("/admin/runs/\(runID)/cancel", admin: admin)
        let user = try WaitlistFixtures.member("wang_w", name: "王伟", sequence: "301", mobile: "13700000001", on: admin.application)
        let userToken = try XCTUnwrap(try user.get("/me").document().form(action: "/logout").value("csrf"))
        let visitor = TestClient(application: admin.application)
        let visitorToken = try XCTUnwrap(try visitor.get("/login").document().form(action: "/login").value("csrf"))
        for (client, token) in [(user, userToken), (visitor, visitorToken)] {
            XCTAssertEqual(try client.post("/admin/runs/\(runID)/cancel", fields: [("csrf", token)]).status, .notFound)
            XCTAssertEqual(try client.post("/admin/runs/\(runID)/delay", fields: [("csrf", token), ("minutes", "30")]).status, .notFound)
        }
        let run = try runState(runID, admin)
        XCTAssertEqual(run.status, "scheduled")
        XCTAssertEqual(run.delay, 0)
        XCTAssertNotNil(try admin.get("/admin").document().node("//a[@href='/admin/runs']"))
    }

    func testCancellingARunRefundsEveryoneInFullAndTellsThem() throws {
        // 李雷: a paid ticket and a paid dining-car order for its seat.
        let paid = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: paid)
        try ShopOrderFixtures.fillCart(with: paid)
        let shopOrder = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: paid)
        // 王伟: an unpaid order.
        let unpaid = try WaitlistFixtures.member("wang_w", name: "王伟", sequence: "301", mobile: "13700000001", on: paid.application)
        let unpaidOrder = try BookingFixtures.book(
            try BookingFixtures.bookPage(with: unpaid),
            passengers: [try WaitlistFixtures.holderID(unpaid)], with: unpaid)
        XCTAssertTrue(unpaidOrder.target.hasPrefix("/orders/E"), unpaidOrder.target)
        // 赵敏: a paid waitlist once the class is sold out.
        let runID = try WaitlistFixtures.runID(paid)
        try TimetableFixtures.sellAll(paid.application, runID: runID, seatClass: .second, from: 0, to: 2)
        let waiting = try WaitlistFixtures.member("zhao_m", name: "赵敏", sequence: "302", mobile: "13700000002", on: paid.application)
        let waitlist = try WaitlistFixtures.joinAndPay(with: waiting)
        XCTAssertEqual(try WaitlistFixtures.state(waitlist.target, with: waiting).status, "waiting")

        let admin = try ShopOrderFixtures.admin(of: paid)
        let runPage = try admin.get("/admin/runs?train=G101&date=\(tomorrow)")
        XCTAssertEqual(try runPage.document().node("//section[@data-run]")?.attribute("data-status"), "scheduled")
        XCTAssertEqual(try runPage.document().text("//tr[@data-class='second']/td[3]"), "1", "one issued ticket")
        let confirmation = try admin.get(try XCTUnwrap(try runPage.document().node("//a[@data-cancel]")?.attribute("href")))
        let done = try admin.submit(try confirmation.document().form(action: "/admin/runs/\(runID)/cancel"), from: confirmation)
        XCTAssertEqual(done.status, .ok)
        XCTAssertEqual(try done.document().node("//section[@data-run]")?.attribute("data-status"), "cancelled")

        let orderNumber = try paid.application.database.read { db in
            try db.queryOne("SELECT o.number FROM orders o JOIN tickets t ON t.order_id = o.id WHERE t.id = ?", [ticketID])!.string("number")
        }
        let paidStatuses = try PaymentFixtures.statuses(try paid.get("/orders/" + orderNumber))
        XCTAssertEqual(paidStatuses.order, "refunded")
        XCTAssertEqual(paidStatuses.tickets, ["refunded"])
        let ticketPayments = try paid.application.database.read { db in
            try db.query("SELECT amount_fen, refunded_fen, status FROM payments WHERE purpose = 'ticket_order'").map {
                (try $0.int("amount_fen"), try $0.int("refunded_fen"), try $0.string("status"))
            }
        }
        XCTAssertEqual(ticketPayments.count, 1)
        XCTAssertEqual(ticketPayments.first?.0, ticketPayments.first?.1, "refunded in full, no fee")
        XCTAssertEqual(ticketPayments.first?.2, "refunded")
        XCTAssertEqual(try ShopOrderFixtures.status(paid.get(shopOrder.target)), "refunded")
        XCTAssertEqual(try PaymentFixtures.statuses(try unpaid.get(unpaidOrder.target)).order, "withdrawn")
        let waitlistPayment = try XCTUnwrap(try WaitlistFixtures.payments(waiting).first)
        XCTAssertEqual(waitlistPayment.status, "refunded")
        XCTAssertEqual(waitlistPayment.refundedFen, waitlistPayment.amountFen)
        XCTAssertEqual(try WaitlistFixtures.state(waitlist.target, with: waiting).status, "refunded")

        let results = try paid.get("/search?from=\(PercentEncoding.encode("甲城"))&to=\(PercentEncoding.encode("丙城"))&date=\(tomorrow)")
        XCTAssertEqual(
            try results.document().node("//li[@data-train='G101']")?.attribute("data-status"), "cancelled",
            "listed as cancelled (停运), not left out")
        XCTAssertNil(try results.document().node("//li[@data-train='G101']//a[contains(@href,'/book?')]"))
        // Each is told once about the cancellation; the money that came back has notices of its own.
        let told: [(TestClient, [String])] = [
            (paid, ["notice_shop_order_refunded_ticket", "notice_run_cancelled", "notice_paid_shop_order", "notice_paid_ticket_order"]),
            (unpaid, ["notice_run_cancelled"]),
            (waiting, ["notice_run_cancelled", "notice_waitlist_refunded_run_cancelled", "notice_paid_waitlist"]),
        ]
        for (client, keys) in told {
            let notices = try client.get("/me").document().nodes("//li[@data-notice]")
            XCTAssertEqual(notices.compactMap { $0.attribute("data-key") }, keys)
            XCTAssertTrue(notices.first { $0.attribute("data-key") == "notice_run_cancelled" }?.text.contains("G101") == true)
        }
        XCTAssertNotNil(try admin.get("/admin/audit").document().node("//tr[@data-action='run.cancel']"))
        let again = try admin.get("/admin/runs/\(runID)/cancel")
        XCTAssertNil(try again.document().node("//form[@action='/admin/runs/\(runID)/cancel']"), "nothing left to cancel")
    }

    func testADelayShowsOnSearchResultsAndTheOrderAndTellsTicketHolders() throws {
        let (traveller, order) = try PaymentFixtures.bookedOrder()
        let admin = try ShopOrderFixtures.admin(of: traveller)
        let runID = try WaitlistFixtures.runID(admin)
        let page = try admin.get("/admin/runs?train=G101&date=\(tomorrow)")
        var form = try page.document().form(action: "/admin/runs/\(runID)/delay")
        try form.fill("minutes", "25")
        let saved = try admin.submit(form, from: page)
        XCTAssertEqual(try saved.document().node("//section[@data-run]")?.attribute("data-delay"), "25")

        let results = try traveller.get("/search?from=\(PercentEncoding.encode("甲城"))&to=\(PercentEncoding.encode("丙城"))&date=\(tomorrow)")
        XCTAssertTrue(try results.document().text("//li[@data-train='G101']//p[@class='trip__delay']")?.contains("25") == true)
        XCTAssertTrue(try traveller.get(order.target).document().text("//p[@class='trip__delay']")?.contains("25") == true)
        XCTAssertEqual(try traveller.get("/me").document().nodes("//li[@data-notice]").map { $0.attribute("data-key") }, ["notice_run_delayed"])
        XCTAssertNotNil(try admin.get("/admin/audit").document().node("//tr[@data-action='run.delay']"))
    }

    func testBadDelaysAndUnknownRunsAreRefused() throws {
        let admin = try ShopOrderFixtures.admin(of: try BookingFixtures.traveller())
        let runID = try WaitlistFixtures.runID(admin)
        let page = try admin.get("/admin/runs?train=G101&date=\(tomorrow)")
        for minutes in ["-5", "5000", "abc", ""] {
            var form = try page.document().form(action: "/admin/runs/\(runID)/delay")
            try form.fill("minutes", minutes)
            let refused = try admin.submit(form, from: page)
            XCTAssertEqual(refused.status, .unprocessableContent, minutes)
            XCTAssertNotNil(try refused.document().node("//p[@role='alert']"), minutes)
        }
        XCTAssertEqual(try runState(runID, admin).delay, 0)
        let token = try XCTUnwrap(try page.document().form(action: "/admin/runs/\(runID)/delay").value("csrf"))
        XCTAssertEqual(try admin.get("/admin/runs/999999/cancel").status, .notFound)
        XCTAssertEqual(try admin.post("/admin/runs/999999/cancel", fields: [("csrf", token)]).status, .notFound)
        XCTAssertEqual(try admin.post("/admin/runs/999999/delay", fields: [("csrf", token), ("minutes", "10")]).status, .notFound)
        XCTAssertEqual(try admin.get("/admin/runs?train=X999&date=\(tomorrow)").status, .notFound)
        XCTAssertEqual(try admin.get("/admin/runs?train=G101&date=tomorrow").status, .unprocessableContent)
        _ = try admin.get("/admin/runs?train=G101&date=tomorrow").document()
    }

    private func runState(_ runID: Int64, _ client: TestClient) throws -> (status: String, delay: Int) {
        try client.application.database.read { db in
            let row = try XCTUnwrap(try db.queryOne("SELECT status, delay_minutes FROM runs WHERE id = ?", [runID]))
            return (try row.string("status"), try row.int("delay_minutes"))
        }
    }
}
