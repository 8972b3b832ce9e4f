import Dispatch
import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// Payments that arrive too late, the race with the expiry job, and who may pay what.
final class PaymentDeadlineTests: XCTestCase {
    func testTheProviderRefusesToTakeMoneyAfterTheDeadline() throws {
        let (client, order) = try PaymentFixtures.bookedOrder()
        let provider = try PaymentFixtures.openProvider(order, with: client)
        try client.keepBrowsing(order.target, for: client.application.configuration.deadlines.holdSeconds)
        let refused = try PaymentFixtures.press("confirm", on: provider, with: client)
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(try refused.document().text("//p[@role='alert']"), "该订单已取消或已过支付期限，无法再支付，未扣款。")
        let statuses = try PaymentFixtures.statuses(try client.get(order.target))
        XCTAssertEqual(statuses.order, "unpaid", "the order is left to the expiry job")
        XCTAssertEqual(Set(statuses.tickets), ["held"])
        XCTAssertEqual(try PaymentFixtures.payments(client).map(\.status), ["cancelled"])
        XCTAssertTrue(try PaymentFixtures.refunds(client).isEmpty)
    }

    func testANotificationAfterTheDeadlineIsRefundedInFull() throws {
        let (client, order) = try PaymentFixtures.bookedOrder()
        _ = try PaymentFixtures.openProvider(order, with: client)
        try client.keepBrowsing(order.target, for: client.application.configuration.deadlines.holdSeconds)
        let payment = try PaymentFixtures.payments(client)[0]
        let answer = try client.post(
            "/payments/notify",
            fields: PaymentFixtures.notification(
                reference: payment.reference,
                amountFen: payment.amountFen,
                application: client.application))
        XCTAssertEqual(answer.text, "refunded: late payment")
        let back = try client.get(order.target)
        let statuses = try PaymentFixtures.statuses(back)
        XCTAssertEqual(statuses.order, "unpaid", "the order is left to the expiry job")
        XCTAssertEqual(Set(statuses.tickets), ["held"])
        XCTAssertEqual(try back.document().node("//p[@data-payment]")?.attribute("data-payment"), "refunded")
        let total = try PaymentFixtures.order(client).totalFen
        XCTAssertEqual(try PaymentFixtures.payments(client).map(\.status), ["refunded"])
        XCTAssertEqual(try PaymentFixtures.payments(client).map(\.refundedFen), [total])
        XCTAssertEqual(try PaymentFixtures.refunds(client).map(\.amountFen), [total])
        XCTAssertEqual(try PaymentFixtures.refunds(client).map(\.reason), ["late payment"])
    }

    func testAnExpiredOrderIsNotChargedAndStaysExpired() throws {
        let (client, order) = try PaymentFixtures.bookedOrder()
        let provider = try PaymentFixtures.openProvider(order, with: client)
        try client.keepBrowsing(order.target, for: client.application.configuration.deadlines.holdSeconds)
        client.application.runJobsNow()
        let page = try client.get(provider.target).document()
        XCTAssertNil(page.node("//form[@action='\(provider.target)/confirm']"))
        XCTAssertEqual(page.text("//p[@role='alert']"), "该订单已取消或已过支付期限，无法再支付，未扣款。")
        let refused = try PaymentFixtures.press("confirm", on: provider, with: client)
        XCTAssertEqual(refused.status, .conflict)
        let statuses = try PaymentFixtures.statuses(try client.get(order.target))
        XCTAssertEqual(statuses.order, "expired")
        XCTAssertEqual(Set(statuses.tickets), ["released"])
        XCTAssertTrue(try PaymentFixtures.refunds(client).isEmpty)
        XCTAssertEqual(try PaymentFixtures.payments(client).map(\.status), ["cancelled"])
    }

    func testTheExpiryJobAndAPaymentNeverBothWin() throws {
        // The expiry job starts at once or after a pause (µs), so either side may get there first.
        for delay in [0, 0, 20_000, 200_000] {
            let (client, order) = try PaymentFixtures.bookedOrder()
            let provider = try PaymentFixtures.openProvider(order, with: client)
            let application = client.application
            nonisolated(unsafe) let (payer, page) = (client, provider)
            let deadline = try PaymentFixtures.order(client).deadline
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    _ = try? PaymentFixtures.press("confirm", on: page, with: payer)
                    return
                }
                usleep(useconds_t(delay))
                let events = try? application.database.write { try OrderLifecycle.expireOverdue(now: deadline, in: $0) }
                application.events.publish(events ?? [])
            }
            _ = try application.database.write { try OrderLifecycle.expireOverdue(now: deadline + 3600, in: $0) } // a paid order stays paid
            let (_, status, _) = try PaymentFixtures.order(client)
            let tickets = try PaymentFixtures.statuses(try client.get(order.target)).tickets
            let payments = try PaymentFixtures.payments(client)
            let refunds = try PaymentFixtures.refunds(client)
            XCTAssertEqual(payments.count, 1)
            if status == "paid" {
                XCTAssertEqual(Set(tickets), ["issued"])
                XCTAssertEqual(payments.first?.status, "paid")
                XCTAssertTrue(refunds.isEmpty)
            } else {
                XCTAssertEqual(status, "expired")
                XCTAssertEqual(Set(tickets), ["released"])
                if payments.first?.status == "cancelled" {
                    XCTAssertTrue(refunds.isEmpty, "refused before any money was taken")
                } else {
                    XCTAssertEqual(payments.first?.status, "refunded")
                    XCTAssertEqual(refunds.map(\.amountFen), [try PaymentFixtures.order(client).totalFen])
                }
            }
        }
    }

    func testOnlyThePayerSeesTheProviderPage() throws {
        let (client, order) = try PaymentFixtures.bookedOrder()
        let provider = try PaymentFixtures.openProvider(order, with: client)
        let other = TestClient(application: client.application)
        try AccountFixtures.register(
            AccountFixtures.Person(
                account: "han_mm", name: "韩梅梅",
                certificateNumber: AccountFixtures.residentID(sequence: "224"),
                mobile: "13900000000", gender: "female"), with: other)
        XCTAssertEqual(try other.get(provider.target).status, .notFound)
        let csrf = try XCTUnwrap(try other.get("/me").document().node("//form[@action='/logout']//input[@name='csrf']")?.attribute("value"))
        XCTAssertEqual(try other.post(provider.target + "/confirm", fields: [("csrf", csrf)]).status, .notFound)
        XCTAssertEqual(try other.post(order.target + "/pay", fields: [("csrf", csrf)]).status, .notFound)
        XCTAssertEqual(try PaymentFixtures.payments(client).map(\.status), ["pending"])
        let visitor = TestClient(application: client.application)
        XCTAssertTrue(try visitor.get(provider.target).target.hasPrefix("/login"))
    }

    func testPayingAPaidOrderGoesBackToTheOrderPage() throws {
        let (client, order) = try PaymentFixtures.bookedOrder()
        let paid = try PaymentFixtures.press("confirm", on: try PaymentFixtures.openProvider(order, with: client), with: client)
        let csrf = try XCTUnwrap(try paid.document().node("//form[@action='/logout']//input[@name='csrf']")?.attribute("value"))
        let again = try client.post(order.target + "/pay", fields: [("csrf", csrf)])
        XCTAssertEqual(again.target, order.target + "?payment=closed")
        let document = try again.document()
        XCTAssertEqual(document.node("//section[@data-order]")?.attribute("data-status"), "paid")
        XCTAssertEqual(document.text("//p[@role='status']"), "该订单无法支付：订单不在待支付状态或已过支付期限。")
        XCTAssertEqual(try PaymentFixtures.payments(client).count, 1)
    }
}
