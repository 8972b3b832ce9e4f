import HTMLTesting
import HTTP
@testable import Railbook
import SQLite
import XCTest

/// Reactions live in the outbox: written with the change, done once right after, retried with a
/// growing delay when they fail, and shown to administrators when they keep failing.
final class ReactionTests: XCTestCase {
    func testEventsCallForEachReactionOnce() {
        let events: [any DomainEvent] = [
            SeatsReleased(runID: 7, seatClass: .second), SeatsReleased(runID: 7, seatClass: .second),
            TicketRefunded(ticketID: 3, orderID: 1, refundedFen: 100), OrderPaid(orderID: 1, userID: 2), RunCancelled(runID: 7),
            PaymentAuthorized(paymentID: 9),
        ]
        XCTAssertEqual(Reaction.reactions(to: events), [
            .serveWaitlist(runID: 7, seatClass: .second), .withdrawTicketDeliveries(ticketID: 3), .withdrawRunDeliveries(runID: 7),
            .notifyPayment(paymentID: 9),
        ])
        for reaction in Reaction.reactions(to: events) {
            let stored = reaction.stored
            XCTAssertEqual(Reaction(kind: stored.kind, subjectID: stored.subjectID, detail: stored.detail), reaction)
        }
        XCTAssertNil(Reaction(kind: "feed_the_cat", subjectID: 1, detail: ""))
    }

    func testARefundWritesItsReactionsWithItAndTheyAreDoneBeforeTheAnswer() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let meal = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: client)
        let refund = try client.get("/tickets/\(ticketID)/refund")
        _ = try client.submit(try refund.document().form(action: "/tickets/\(ticketID)/refund"), from: refund)
        XCTAssertEqual(try ShopOrderFixtures.status(client.get(meal.target)), "refunded")
        let kinds = try client.application.database.read { db in
            try db.query("SELECT kind, status FROM outbox ORDER BY id").map { "\(try $0.string("kind")) \(try $0.string("status"))" }
        }
        XCTAssertTrue(kinds.contains("withdraw_ticket_deliveries done"), "\(kinds)")
        XCTAssertTrue(kinds.contains("serve_waitlist done"), "\(kinds)")
        XCTAssertFalse(kinds.contains { $0.hasSuffix("pending") }, "\(kinds)")
    }

    func testAFailingReactionIsRetriedLaterAndShownToAdministratorsWhenItKeepsFailing() throws {
        let admin = try AdminFixtures.admin(on: try TestSite.makeClient())
        let application = admin.application
        try application.database.write { db in
            try Outbox.record([PaymentAuthorized(paymentID: 999_999)], now: ChinaTime.now(), in: db) // no such payment
        }
        for delay in [1, 2, 4] {
            let before = ChinaTime.now()
            application.reactions.requestDrain()
            let after = ChinaTime.now()
            let entry = try XCTUnwrap(try application.database.read { try Outbox.due(now: Int.max, in: $0).first })
            XCTAssertTrue((before + delay...after + delay).contains(entry.nextAttemptAt), "tried again \(entry.nextAttemptAt - before) s later, not \(delay) s")
            try application.database.write { try $0.run("UPDATE outbox SET next_attempt_at = 0") } // the delay has passed
        }
        let page = try admin.get("/admin/reactions").document()
        let row = try XCTUnwrap(page.node("//tr[@data-kind='notify_payment']"))
        XCTAssertEqual(row.attribute("data-attempts"), "3")
        XCTAssertTrue(row.text.contains("payment 999999 missing"), row.text)
        XCTAssertEqual(page.node("//section[@data-pending-reactions]")?.attribute("data-pending-reactions"), "1")
    }
}
