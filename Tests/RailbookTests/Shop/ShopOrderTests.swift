import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// 商城订单: pending payment → paid → accepted → delivered → completed, cancelled while unpaid,
/// refunded when the merchant does not accept in time, rejects it, or the seat's ticket goes.
final class ShopOrderTests: XCTestCase {
    func testMerchantAcceptsAndDeliversThenTheCustomerConfirms() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let order = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: client)
        let number = ShopOrderFixtures.number(order)
        let admin = try ShopOrderFixtures.admin(of: client)

        let desk = try admin.get("/shop/merchant")
        XCTAssertEqual(
            try desk.document().node("//ol[contains(@class,'merchant__waiting')]/li[@data-order='\(number)']")?.attribute("data-status"), "paid")
        let accepted = try admin.submit(try desk.document().form(action: "/shop/orders/\(number)/accept"), from: desk)
        XCTAssertEqual(
            try accepted.document().node("//ol[contains(@class,'merchant__accepted')]/li[@data-order='\(number)']")?.attribute("data-status"),
            "accepted")
        try ShopOrderFixtures.moveG101Departure(secondsFromNow: -60, in: client.application)
        let departed = try admin.get("/shop/merchant")
        let delivered = try admin.submit(try departed.document().form(action: "/shop/orders/\(number)/deliver"), from: departed)
        XCTAssertNil(try delivered.document().node("//li[@data-order='\(number)']"), "off the desk once delivered")

        let page = try client.get("/shop/orders/" + number)
        XCTAssertEqual(try ShopOrderFixtures.status(page), "delivered")
        let steps = try page.document().nodes("//ol[contains(@class,'shop-order__timeline')]/li").compactMap { $0.attribute("data-step") }
        XCTAssertEqual(steps, ["created", "paid", "accepted", "delivered"])
        let done = try client.submit(try page.document().form(action: "/shop/orders/\(number)/complete"), from: page)
        XCTAssertEqual(try ShopOrderFixtures.status(done), "completed")
        XCTAssertEqual(try done.document().text("//p[@role='status']"), "谢谢，订单已完成。")
        let list = try client.get("/shop/orders").document()
        XCTAssertEqual(list.node("//li[@data-order='\(number)']")?.attribute("data-status"), "completed")
    }

    func testMerchantPagesAreForAdministratorsOnly() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let order = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: client)
        let number = ShopOrderFixtures.number(order)
        XCTAssertEqual(try client.get("/shop/merchant").status, .notFound)
        let csrf = try ShopFixtures.csrf(order)
        for action in ["accept", "reject", "deliver"] {
            XCTAssertEqual(try client.post("/shop/orders/\(number)/\(action)", fields: [("csrf", csrf)]).status, .notFound, action)
        }
        XCTAssertEqual(try ShopOrderFixtures.status(client.get(order.target)), "paid")
        let admin = try ShopOrderFixtures.admin(of: client)
        let desk = try admin.get("/shop/merchant")
        XCTAssertEqual(try admin.post("/shop/orders/S0000000000/accept", fields: [("csrf", try ShopFixtures.csrf(desk))]).status, .notFound)
        XCTAssertEqual(try admin.get("/shop/orders/" + number).status, .notFound, "the customer's page is the customer's")
    }

    func testMerchantRejectionRefundsAndRestocks() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(quantity: 3, with: client)
        let order = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: client)
        XCTAssertEqual(try ShopOrderFixtures.stock("经济盒饭", client), 7)
        let admin = try ShopOrderFixtures.admin(of: client)
        let desk = try admin.get("/shop/merchant")
        _ = try admin.submit(try desk.document().form(action: order.target + "/reject"), from: desk)
        XCTAssertEqual(try ShopOrderFixtures.status(client.get(order.target)), "refunded")
        XCTAssertEqual(try ShopOrderFixtures.stock("经济盒饭", client), 10)
        XCTAssertEqual(try PaymentFixtures.payments(client).last?.status, "refunded")
    }

    func testNotAcceptedInTenMinutesIsRefundedByTheJob() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(quantity: 2, with: client)
        let order = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: client)
        client.application.runJobsNow()
        XCTAssertEqual(try ShopOrderFixtures.status(client.get(order.target)), "paid", "still within ten minutes")
        client.application.wait(seconds: client.application.configuration.deadlines.acceptSeconds)
        client.application.runJobsNow()
        let page = try client.get(order.target)
        XCTAssertEqual(try ShopOrderFixtures.status(page), "refunded")
        XCTAssertEqual(try page.document().nodes("//ol[contains(@class,'shop-order__timeline')]/li").last?.attribute("data-step"), "refunded")
        XCTAssertEqual(try ShopOrderFixtures.stock("经济盒饭", client), 10, "stock restored")
        let payment = try XCTUnwrap(try PaymentFixtures.payments(client).last)
        XCTAssertEqual(payment.status, "refunded")
        XCTAssertEqual(payment.refundedFen, 3000)
        let admin = try ShopOrderFixtures.admin(of: client)
        let desk = try admin.get("/shop/merchant")
        XCTAssertNil(try desk.document().node("//li[@data-order]"), "nothing left to accept")
    }

    func testRefundingTheTicketRefundsItsShopOrder() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let order = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: client)
        let refund = try client.get("/tickets/\(ticketID)/refund")
        _ = try client.submit(try refund.document().form(action: "/tickets/\(ticketID)/refund"), from: refund)
        XCTAssertEqual(try ShopOrderFixtures.status(client.get(order.target)), "refunded")
        XCTAssertEqual(try ShopOrderFixtures.stock("经济盒饭", client), 10)
        let refunds = try PaymentFixtures.refunds(client)
        XCTAssertTrue(refunds.contains { $0.amountFen == 3000 && $0.reason == "ticket refunded" }, "\(refunds)")
    }

    func testRunCancellationRefundsOpenSeatOrders() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let order = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: client)
        let runID = try RefundFixtures.ticket(ticketID, in: client.application).runID
        let cancelled: [any DomainEvent] = [RunCancelled(runID: runID)] // as the cancellation's transaction records it
        try client.application.database.write { try Outbox.record(cancelled, now: ChinaTime.now(), in: $0) }
        client.application.events.publish(cancelled)
        XCTAssertEqual(try ShopOrderFixtures.status(client.get(order.target)), "refunded")
    }

    func testPendingPaymentCanBeCancelledAndExpires() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(quantity: 2, with: client)
        let provider = try ShopOrderFixtures.checkOut(try ShopOrderFixtures.checkoutPage(with: client), ticket: ticketID, with: client)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"))
        let list = try client.get("/shop/orders")
        let row = try XCTUnwrap(try list.document().node("//li[@data-order]"))
        XCTAssertEqual(row.attribute("data-status"), "pending_payment")
        let page = try client.get("/shop/orders/" + (row.attribute("data-order") ?? ""))
        XCTAssertEqual(try ShopOrderFixtures.stock("经济盒饭", client), 8)
        let cancelled = try client.submit(try page.document().form(action: page.target + "/cancel"), from: page)
        XCTAssertEqual(try ShopOrderFixtures.status(cancelled), "cancelled")
        XCTAssertEqual(try cancelled.document().text("//p[@role='status']"), "订单已取消。")
        XCTAssertEqual(try ShopOrderFixtures.stock("经济盒饭", client), 10, "stock restored")
        XCTAssertEqual(try PaymentFixtures.payments(client).last?.status, "cancelled")
        let again = try client.post(page.target + "/cancel", fields: [("csrf", try ShopFixtures.csrf(page))])
        XCTAssertEqual(try again.document().text("//p[@role='status']"), "订单状态已变化，未作更改。")
        XCTAssertEqual(try ShopOrderFixtures.stock("经济盒饭", client), 10, "restored once")

        try ShopOrderFixtures.fillCart(quantity: 1, with: client)
        let second = try ShopOrderFixtures.checkOut(try ShopOrderFixtures.checkoutPage(with: client), ticket: ticketID, with: client)
        try client.keepBrowsing(second.target, for: client.application.configuration.deadlines.holdSeconds)
        client.application.runJobsNow()
        XCTAssertEqual(try ShopOrderFixtures.stock("经济盒饭", client), 10, "the expired order gave its stock back")
        let late = try PaymentFixtures.press("confirm", on: second, with: client)
        XCTAssertEqual(try ShopOrderFixtures.status(late), "cancelled", "a late payment does not revive it")
        XCTAssertNotEqual(try PaymentFixtures.payments(client).last?.status, "paid", "no money kept")
    }

    func testPaymentAfterTheDeadlineIsRefusedAndTheOrderCancelled() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(quantity: 2, with: client)
        let provider = try ShopOrderFixtures.checkOut(try ShopOrderFixtures.checkoutPage(with: client), ticket: ticketID, with: client)
        try client.keepBrowsing("/me", for: client.application.configuration.deadlines.holdSeconds)
        let late = try PaymentFixtures.press("confirm", on: provider, with: client)
        XCTAssertEqual(late.status, .conflict, "Railbook Pay takes no money for it")
        XCTAssertEqual(try PaymentFixtures.payments(client).last?.status, "cancelled")
        XCTAssertNotEqual(try PaymentFixtures.refunds(client).last?.reason, "late payment")
        client.application.runJobsNow()
        let number = try XCTUnwrap(try client.application.database.read { try $0.queryOne("SELECT number FROM shop_orders")?.string("number") })
        XCTAssertEqual(try ShopOrderFixtures.status(try client.get("/shop/orders/" + number)), "cancelled")
        XCTAssertEqual(try ShopOrderFixtures.stock("经济盒饭", client), 10, "stock restored")
    }

    func testDeliveredOrdersCompleteByThemselvesADayLater() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let order = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: client)
        _ = try client.application.database.write { db in
            try db.run(
                "UPDATE shop_orders SET status = 'delivered', accepted_at = ?, delivered_at = ?",
                [ChinaTime.now() - 90_000, ChinaTime.now() - 86_401])
        }
        client.application.runJobsNow()
        XCTAssertEqual(try ShopOrderFixtures.status(client.get(order.target)), "completed")
    }

    func testOtherPeoplesOrdersAndBadNumbersAreNotFound() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let order = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: client)
        let csrf = try ShopFixtures.csrf(order)
        for number in ["S0000000000", "nope", String(repeating: "S", count: 300), "%27"] {
            XCTAssertEqual(try client.get("/shop/orders/" + number).status, .notFound, number)
            XCTAssertEqual(try client.post("/shop/orders/\(number)/cancel", fields: [("csrf", csrf)]).status, .notFound, number)
        }
        let complete = try client.post(order.target + "/complete", fields: [("csrf", csrf)])
        XCTAssertEqual(try ShopOrderFixtures.status(complete), "paid", "not delivered yet: nothing changes")
        let visitor = TestClient(application: client.application)
        XCTAssertTrue(try visitor.get(order.target).target.hasPrefix("/login"), "log in first")
        XCTAssertEqual(try client.get("/shop/orders").document().nodes("//li[@data-order]").count, 1)
    }
}
