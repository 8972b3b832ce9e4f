import Foundation
import Glibc
import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// A change's reactions survive the process dying right after its commit: the server is started
/// with `RAILBOOK_HOLD_REACTIONS=1` (reactions stay in the outbox, as if it died at once), killed
/// with SIGKILL, and started again normally; the reactions are then done, each exactly once.
final class CrashRecoveryTests: XCTestCase {
    private let hold = ["RAILBOOK_HOLD_REACTIONS": "1"]

    /// The database file of an in-process application, closed so a server process can take it.
    private func handOver(_ application: Application) -> String {
        application.shutdown()
        return application.configuration.databaseLocation
    }

    func testARefundsReactionsAreDoneOnceAfterAKillBetweenTheCommitAndThem() throws {
        // In-process set-up: 李雷 has G101 tomorrow with a paid meal to his seat; the class is then
        // sold out and 韩梅梅 waits on the waitlist, prepaid.
        let traveller = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: traveller)
        try ShopOrderFixtures.fillCart(with: traveller)
        let meal = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: traveller)
        try TimetableFixtures.sellAll(traveller.application, runID: try WaitlistFixtures.runID(traveller), seatClass: .second, from: 0, to: 2)
        let waiter = try WaitlistFixtures.member(
            "han_meimei", name: "韩梅梅", sequence: "246", mobile: "13900001111",
            on: traveller.application)
        let waitlist = try WaitlistFixtures.joinAndPay(with: waiter)
        XCTAssertEqual(try WaitlistFixtures.state(waitlist.target, with: waiter).status, "waiting")
        let path = handOver(traveller.application)

        // The refund commits; its reactions (serve the waitlist, refund the meal) are held; kill.
        var server = try ServerProcess(databaseLocation: path, environment: hold)
        let refunder = server.client(like: traveller)
        let refund = try refunder.get("/tickets/\(ticketID)/refund")
        let refunded = try refunder.submit(try refund.document().form(action: "/tickets/\(ticketID)/refund"), from: refund)
        XCTAssertEqual(refunded.status, .ok, refunded.target)
        XCTAssertEqual(try ShopOrderFixtures.status(refunder.get(meal.target)), "paid", "reactions were not held back")
        server.send(SIGKILL)
        XCTAssertEqual(try server.waitForExit(), 128 + SIGKILL)
        XCTAssertEqual(try pendingReactions(path), 2, "the refund's reactions are not in the outbox")

        // A normal start does them.
        server = try ServerProcess(databaseLocation: path)
        XCTAssertEqual(try ShopOrderFixtures.status(server.client(like: traveller).get(meal.target)), "refunded")
        let served = try server.client(like: waiter).get(waitlist.target).document()
        XCTAssertEqual(served.node("//section[@data-waitlist]")?.attribute("data-status"), "fulfilled")
        server.send(SIGTERM)
        XCTAssertEqual(try server.waitForExit(), 0, server.log)

        // Exactly once: one refund of the meal, one order for the waitlist, nothing left to do.
        let database = try DatabaseInspector(path)
        let mealRefunds = try database.queryOne(
            """
            SELECT COUNT(*) AS n FROM refunds JOIN payments ON payments.id = refunds.payment_id WHERE payments.purpose = 'shop_order'
            """)?.int("n")
        XCTAssertEqual(mealRefunds, 1)
        let ordersOfTheWaiter = try database.queryOne(
            """
            SELECT COUNT(*) AS n FROM orders WHERE user_id = (SELECT id FROM users WHERE account = 'han_meimei')
            """)?.int("n")
        XCTAssertEqual(ordersOfTheWaiter, 1)
        XCTAssertEqual(try database.queryOne("SELECT COUNT(*) AS n FROM outbox WHERE status <> 'done'")?.int("n"), 0)
    }

    func testAnAuthorisedPaymentIsSettledOnceAfterAKillBeforeItsNotification() throws {
        let traveller = try BookingFixtures.traveller()
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: traveller), with: traveller)
        let path = handOver(traveller.application)

        var server = try ServerProcess(databaseLocation: path, environment: hold)
        let payer = server.client(like: traveller)
        let page = try payer.get(order.target)
        let provider = try payer.submit(try page.document().form(action: order.target + "/pay"), from: page)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        let back = try payer.submit(try provider.document().form(action: provider.target + "/confirm"), from: provider)
        XCTAssertEqual(try PaymentFixtures.statuses(back).order, "unpaid", "the notification was not held back")
        server.send(SIGKILL)
        XCTAssertEqual(try server.waitForExit(), 128 + SIGKILL)
        XCTAssertEqual(try paymentStatuses(path), ["authorized"], "the payer's authorisation was lost")

        server = try ServerProcess(databaseLocation: path)
        let settled = try server.client(like: traveller).get(order.target)
        XCTAssertEqual(try PaymentFixtures.statuses(settled).order, "paid")
        XCTAssertEqual(Set(try PaymentFixtures.statuses(settled).tickets), ["issued"])
        server.send(SIGTERM)
        XCTAssertEqual(try server.waitForExit(), 0, server.log)
        XCTAssertEqual(try paymentStatuses(path), ["paid"])
        XCTAssertEqual(try DatabaseInspector(path).queryOne("SELECT COUNT(*) AS n FROM refunds")?.int("n"), 0, "paid once, nothing refunded")
    }

    private func pendingReactions(_ path: String) throws -> Int? {
        try DatabaseInspector(path).queryOne("SELECT COUNT(*) AS n FROM outbox WHERE status = 'pending'")?.int("n")
    }

    private func paymentStatuses(_ path: String) throws -> [String] {
        try DatabaseInspector(path).query("SELECT status FROM payments ORDER BY id").map { try $0.string("status") }
    }
}
