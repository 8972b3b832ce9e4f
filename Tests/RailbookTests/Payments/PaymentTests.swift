import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

final class PaymentTests: XCTestCase {
    func testConfirmingOnTheProviderPagePaysTheOrderAndIssuesTheTickets() throws {
        let (client, order) = try PaymentFixtures.bookedOrder()
        let recorder = PaidOrderRecorder(client.application)
        let total = try PaymentFixtures.order(client).totalFen
        let provider = try PaymentFixtures.openProvider(order, with: client)
        let page = try provider.document()
        XCTAssertEqual(page.node("//section[@data-payment]")?.attribute("data-status"), "pending")
        XCTAssertEqual(page.node("//section[@data-payment]")?.attribute("data-amount"), String(total))
        XCTAssertEqual(page.node("//dd[@data-subject]")?.attribute("data-subject"), String(order.target.dropFirst("/orders/".count)))
        XCTAssertEqual(page.text("//dd[@class='pay-amount']"), Money.format(total))
        XCTAssertEqual(page.text("//p[@class='pay-brand']"), "Railbook Pay 铁路收银台")
        XCTAssertNotNil(page.node("//form[@action='\(provider.target)/cancel']"))

        let paid = try PaymentFixtures.press("confirm", on: provider, with: client)
        XCTAssertEqual(paid.target, order.target)
        let statuses = try PaymentFixtures.statuses(paid)
        XCTAssertEqual(statuses.order, "paid")
        XCTAssertEqual(Set(statuses.tickets), ["issued"])
        let document = try paid.document()
        XCTAssertEqual(document.node("//p[@data-payment]")?.attribute("data-payment"), "paid")
        XCTAssertTrue(document.text("//p[@data-payment]")?.hasPrefix("已支付 \(Money.format(total))") ?? false)
        XCTAssertNotNil(document.node("//p[@class='order__issued']"))
        XCTAssertNil(document.node("//form[@action='\(order.target)/pay']"))
        let orderID = try client.application.database.read { try $0.queryOne("SELECT id FROM orders")!.int64("id") }
        XCTAssertEqual(recorder.paid, [orderID])
        XCTAssertEqual(try PaymentFixtures.payments(client).map(\.status), ["paid"])
        XCTAssertTrue(try PaymentFixtures.refunds(client).isEmpty)
    }

    func testCancellingOnTheProviderPageLeavesTheOrderUnpaid() throws {
        let (client, order) = try PaymentFixtures.bookedOrder()
        let provider = try PaymentFixtures.openProvider(order, with: client)
        let back = try PaymentFixtures.press("cancel", on: provider, with: client)
        XCTAssertEqual(back.target, order.target + "?payment=cancelled")
        let document = try back.document()
        XCTAssertEqual(document.node("//section[@data-order]")?.attribute("data-status"), "unpaid")
        XCTAssertEqual(document.node("//p[@data-payment]")?.attribute("data-payment"), "cancelled")
        XCTAssertEqual(document.text("//p[@role='status']"), "您已取消支付。订单在支付期限前仍可支付。")
        XCTAssertEqual(try PaymentFixtures.payments(client).map(\.status), ["cancelled"])
        let again = try PaymentFixtures.openProvider(try client.get(order.target), with: client)
        XCTAssertNotEqual(again.target, provider.target, "a cancelled payment is not resumed")
        XCTAssertEqual(try PaymentFixtures.statuses(try PaymentFixtures.press("confirm", on: again, with: client)).order, "paid")
    }

    func testPressingPayTwiceAndConfirmingTwiceChargesOnce() throws {
        let (client, order) = try PaymentFixtures.bookedOrder()
        let provider = try PaymentFixtures.openProvider(order, with: client)
        XCTAssertEqual(try PaymentFixtures.openProvider(order, with: client).target, provider.target, "the pending payment is resumed")
        XCTAssertEqual(try PaymentFixtures.statuses(try PaymentFixtures.press("confirm", on: provider, with: client)).order, "paid")
        let second = try PaymentFixtures.press("confirm", on: provider, with: client)
        XCTAssertEqual(second.target, order.target)
        XCTAssertEqual(try PaymentFixtures.statuses(second).order, "paid")
        let total = try PaymentFixtures.order(client).totalFen
        XCTAssertEqual(
            try PaymentFixtures.payments(client).map { [$0.status, String($0.amountFen), String($0.refundedFen)] },
            [["paid", String(total), "0"]])
        let done = try client.get(provider.target).document()
        XCTAssertEqual(done.node("//section[@data-payment]")?.attribute("data-status"), "paid")
        XCTAssertNil(done.node("//form[contains(@action,'/confirm')]"))
    }

    func testPayNowOnAnOrderWhosePaymentIsAuthorisedSettlesThatPaymentInsteadOfTakingASecond() throws {
        // The provider's notification is held back, as when the server died right after the payer
        // confirmed: the order still shows unpaid with the payment authorised.
        let client = TestClient(application: try TestSite.makeApplication { $0.holdsReactions = true })
        client.cookies["welcomed"] = "1"
        try TimetableFixtures.load(into: client.application)
        try AccountFixtures.register(with: client)
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
        let back = try PaymentFixtures.press("confirm", on: try PaymentFixtures.openProvider(order, with: client), with: client)
        XCTAssertEqual(try PaymentFixtures.statuses(back).order, "unpaid", "the notification was not held back")
        XCTAssertEqual(try PaymentFixtures.payments(client).map(\.status), ["authorized"])

        let again = try client.submit(try back.document().form(action: order.target + "/pay"), from: back)
        XCTAssertEqual(again.target, order.target, "pay now took the payer to a second payment")
        XCTAssertEqual(try PaymentFixtures.statuses(again).order, "paid")
        XCTAssertEqual(Set(try PaymentFixtures.statuses(again).tickets), ["issued"])
        let total = try PaymentFixtures.order(client).totalFen
        XCTAssertEqual(
            try PaymentFixtures.payments(client).map { [$0.status, String($0.amountFen), String($0.refundedFen)] },
            [["paid", String(total), "0"]])
        XCTAssertTrue(try PaymentFixtures.refunds(client).isEmpty)
    }

    func testARepeatedNotificationChangesNothing() throws {
        let (client, order) = try PaymentFixtures.bookedOrder()
        let provider = try PaymentFixtures.openProvider(order, with: client)
        _ = try PaymentFixtures.press("confirm", on: provider, with: client)
        let before = try PaymentFixtures.payments(client)
        let fields = PaymentFixtures.notification(reference: before[0].reference, amountFen: before[0].amountFen, application: client.application)
        for _ in 1...2 {
            let replay = try client.post("/payments/notify", fields: fields)
            XCTAssertEqual(replay.status, .ok)
            XCTAssertEqual(replay.text, "already processed")
        }
        XCTAssertEqual(try PaymentFixtures.payments(client), before)
        XCTAssertTrue(try PaymentFixtures.refunds(client).isEmpty)
        XCTAssertEqual(try PaymentFixtures.order(client).status, "paid")
    }

    func testAnOldOrFutureNotificationIsRefusedEvenWhenSigned() throws {
        let (client, order) = try PaymentFixtures.bookedOrder()
        _ = try PaymentFixtures.openProvider(order, with: client)
        let payment = try PaymentFixtures.payments(client)[0]
        for sentAt in [ChinaTime.now() - 365 * 86_400, ChinaTime.now() - 6 * 60, ChinaTime.now() + 6 * 60] {
            let fields = PaymentFixtures.notification(
                reference: payment.reference, amountFen: payment.amountFen, sentAt: sentAt,
                application: client.application)
            let answer = try client.post("/payments/notify", fields: fields)
            XCTAssertEqual(answer.status, .forbidden, "a notification sent \(sentAt - ChinaTime.now()) s from now was taken")
            XCTAssertEqual(answer.text, "stale notification")
        }
        XCTAssertEqual(try PaymentFixtures.payments(client).map(\.status), ["pending"])
        XCTAssertEqual(try PaymentFixtures.order(client).status, "unpaid")
        let recent = PaymentFixtures.notification(
            reference: payment.reference, amountFen: payment.amountFen,
            sentAt: ChinaTime.now() - 60, application: client.application)
        XCTAssertEqual(try client.post("/payments/notify", fields: recent).text, "ok", "a notification a minute old is on time")
        XCTAssertEqual(try PaymentFixtures.order(client).status, "paid")
    }

    func testATamperedSignatureOrAWrongAmountIsRefused() throws {
        let (client, order) = try PaymentFixtures.bookedOrder()
        _ = try PaymentFixtures.openProvider(order, with: client)
        let payment = try PaymentFixtures.payments(client)[0]
        var fields = PaymentFixtures.notification(reference: payment.reference, amountFen: payment.amountFen, application: client.application)
        var tampered = fields
        tampered[4].1 = String(tampered[4].1.reversed())
        XCTAssertEqual(try client.post("/payments/notify", fields: tampered).status, .forbidden)
        tampered = fields
        tampered[1].1 = "1"
        XCTAssertEqual(try client.post("/payments/notify", fields: tampered).status, .forbidden, "the amount is signed")
        XCTAssertEqual(try client.post("/payments/notify", fields: Array(fields.dropLast())).status, .forbidden)
        let unknown = PaymentFixtures.notification(reference: "unknown", amountFen: payment.amountFen, application: client.application)
        XCTAssertEqual(try client.post("/payments/notify", fields: unknown).status, .forbidden)
        fields = PaymentFixtures.notification(reference: payment.reference, amountFen: 1, application: client.application)
        let wrongAmount = try client.post("/payments/notify", fields: fields)
        XCTAssertEqual(wrongAmount.status, .badRequest)
        XCTAssertEqual(wrongAmount.text, "amount mismatch")
        XCTAssertEqual(try PaymentFixtures.payments(client), [payment])
        XCTAssertEqual(try PaymentFixtures.statuses(try client.get(order.target)).order, "unpaid")
    }
}
