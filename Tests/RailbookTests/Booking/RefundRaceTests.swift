import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// A traveller refunds a ticket while the railway cancels its run: whichever comes first gives
/// the money back, the other finds the ticket refunded and leaves it; never two refunds of one ticket.
final class RefundRaceTests: XCTestCase {
    func testARefundAndTheCancellationOfItsRunAtOnceGiveTheMoneyBackOnce() throws {
        let traveller = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: traveller)
        let application = traveller.application
        defer { application.shutdown() }
        let admin = try ShopOrderFixtures.admin(of: traveller)
        let runID = try TimetableFixtures.runID(application, train: "G101", date: ChinaTime.today().adding(days: 3))
        let refundPage = try traveller.get("/tickets/\(paid.ticketID)/refund")
        let refundForm = try refundPage.document().form(action: "/tickets/\(paid.ticketID)/refund")
        let cancelPage = try admin.get("/admin/runs/\(runID)/cancel")
        let cancelForm = try cancelPage.document().form(action: "/admin/runs/\(runID)/cancel")

        // On PostgreSQL the order is held locked: the refund marks the ticket refunded and the
        // payment paid back, then waits to close the order; the cancellation goes as far as it can
        // meanwhile, and both go on when it is let go.
        let holder = TestDatabase.dialect == .postgresql ? try LockHolder(on: application, "SELECT id FROM orders FOR UPDATE") : nil
        nonisolated(unsafe) let shared = (traveller, admin, refundPage, refundForm, cancelPage, cancelForm)
        let refund = ThreadGroup(1) { _ in (try? shared.0.submit(shared.3, from: shared.2))?.status.code ?? 0 }
        try holder?.waitForWaiters(1)
        let cancellation = ThreadGroup(1) { _ in (try? shared.1.submit(shared.5, from: shared.4))?.status.code ?? 0 }
        try holder?.waitForWaiters(2)
        holder?.release()
        let statuses = refund.join() + cancellation.join()

        XCTAssertEqual(statuses, [200, 200], "the refund and the cancellation both answer with a page, no 500")
        let ticket = try RefundFixtures.ticket(paid.ticketID, in: application)
        XCTAssertEqual(ticket.status, .refunded)
        let payment = try RefundFixtures.payment(paid.order, in: application)
        XCTAssertEqual(payment.refundedFen, ticket.refundedFen, "the payment gave back what the ticket says, once")
        XCTAssertLessThanOrEqual(payment.refundedFen, payment.amountFen)
        try application.database.read { db in
            XCTAssertEqual(try db.queryOne("SELECT COUNT(*) AS n FROM refunds")?.int("n"), 1, "one refund of the one ticket")
            XCTAssertEqual(try BookingInvariants.seatProblems(runID: runID, in: db), [])
            XCTAssertEqual(try BookingInvariants.orderProblems(in: db), [])
            XCTAssertEqual(try db.queryOne("SELECT status FROM runs WHERE id = ?", [runID])?.string("status"), "cancelled")
        }
    }
}
