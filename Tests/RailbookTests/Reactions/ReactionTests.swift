import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// Reactions live in the outbox: written with the change, done once right after, retried with a
/// growing delay when they fail, and shown to administrators when they keep failing.
final class ReactionTests: XCTestCase {
    func testEventsCallForEachReactionOnce() {
        let events: [any DomainEvent] = [
            SeatsReleased(runID: 7, seatClass: .second), SeatsReleased(runID: 7, seatClass: .second),
            TicketRefunded(ticketID: 3, orderID: 1, refundedFen: 100), OrderPaid(orderID: 1, userID: 2), RunCancelled(runID: 7),
            PaymentAuthorized(paymentID: 9),
        ]
        XCTAssertEqual(
            Reaction.reactions(to: events),
            [
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
        application.stopClock()
        try application.database.write { db in
            try Outbox.record([PaymentAuthorized(paymentID: 999_999)], now: application.clock.now(), in: db) // no such payment
        }
        for delay in [1, 2, 4] {
            let tried = application.clock.now()
            application.reactions.requestDrain()
            let entry = try XCTUnwrap(try application.database.read { try Outbox.due(now: Int.max, in: $0).first })
            XCTAssertEqual(entry.nextAttemptAt - tried, delay, "tried again \(entry.nextAttemptAt - tried) s later, not \(delay) s")
            application.reactions.requestDrain() // not due yet: nothing is tried
            XCTAssertEqual(try application.database.read { try Outbox.due(now: Int.max, in: $0).first?.attempts }, entry.attempts)
            application.wait(seconds: delay) // the delay passes
        }
        let page = try admin.get("/admin/reactions").document()
        let row = try XCTUnwrap(page.node("//tr[@data-kind='notify_payment']"))
        XCTAssertEqual(row.attribute("data-attempts"), "3")
        XCTAssertTrue(row.text.contains("payment 999999 missing"), row.text)
        XCTAssertEqual(page.node("//section[@data-pending-reactions]")?.attribute("data-pending-reactions"), "1")
    }

    func testAReactionARunningServerHoldsIsLeftToItAndTakenOverAtOnceWhenThatServerIsGone() throws {
        let application = try TestSite.makeApplication()
        application.stopClock()
        let other = try OtherServer(on: application)
        let now = ChinaTime.now()
        try application.database.write { db in
            try Outbox.record([PaymentAuthorized(paymentID: 999_999)], now: application.clock.now(), in: db) // no such payment: the attempt fails
            try db.run("UPDATE outbox SET claimed_by = ?, claimed_until = ?", [other.id, now + Outbox.claimSeconds])
        }
        application.reactions.requestDrain()
        if other.isRunning {
            XCTAssertEqual(try attempts(application), [0], "a reaction another running server holds was tried here")
            try other.die() // its claim has 20 s to run, but nobody holds it any more
            application.reactions.requestDrain()
        }
        XCTAssertEqual(try attempts(application), [1], "a reaction whose holder is gone was not taken over at once")
        let claim = try application.database.read { try $0.queryOne("SELECT claimed_by FROM outbox") }
        XCTAssertNil(try claim?.optionalString("claimed_by"), "a failed attempt keeps its claim, so no other server retries it")
    }

    func testAClaimThatRanOutOrIsDatedAheadHoldsNothingEvenForARunningServer() throws {
        let application = try TestSite.makeApplication()
        application.stopClock()
        let other = try OtherServer(on: application)
        let now = ChinaTime.now()
        try application.database.write { db in
            // No such payments: each attempt fails and is counted.
            try Outbox.record([PaymentAuthorized(paymentID: 999_997), PaymentAuthorized(paymentID: 999_998)], now: application.clock.now(), in: db)
            try db.run("UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE subject_id = 999997", [other.id, now - 1])
            try db.run("UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE subject_id = 999998", [other.id, now + 3600])
        }
        application.reactions.requestDrain()
        XCTAssertEqual(try attempts(application), [1, 1], "a claim that ran out, or one dated an hour ahead, kept its reaction waiting")
    }

    private func attempts(_ application: Application) throws -> [Int] {
        try application.database.read { try $0.query("SELECT attempts FROM outbox ORDER BY id").map { try $0.int("attempts") } }
    }
}
