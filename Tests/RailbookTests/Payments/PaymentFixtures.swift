import HTMLTesting
import HTTP
import Storage
import Synchronization
import XCTest

@testable import Railbook

/// Helpers to pay as a traveller would: book, press "Pay now", act on the provider page, and read
/// the payments and refunds the site recorded.
enum PaymentFixtures {
    /// One row of `payments` as the tests look at it.
    struct PaymentRow: Equatable {
        let reference: String
        let status: String
        let amountFen: Int
        let refundedFen: Int
    }

    /// A logged-in traveller with a booked, unpaid order; returns the client and the order page.
    static func bookedOrder() throws -> (TestClient, TestResponse) {
        let client = try BookingFixtures.traveller()
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/"), order.target)
        return (client, order)
    }

    /// Presses "Pay now" on the order page; returns the provider page it leads to.
    static func openProvider(_ order: TestResponse, with client: TestClient) throws -> TestResponse {
        let provider = try client.submit(try order.document().form(action: order.target + "/pay"), from: order)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        return provider
    }

    /// Presses a button (`confirm` or `cancel`) on the provider page; returns the page it returns to.
    static func press(_ action: String, on provider: TestResponse, with client: TestClient) throws -> TestResponse {
        try client.submit(try provider.document().form(action: provider.target + "/" + action), from: provider)
    }

    /// Every payment, oldest first.
    static func payments(_ client: TestClient) throws -> [PaymentRow] {
        try client.application.database.read { db in
            try db.query("SELECT reference, status, amount_fen, refunded_fen FROM payments ORDER BY id").map { row in
                PaymentRow(
                    reference: try row.string("reference"), status: try row.string("status"),
                    amountFen: try row.int("amount_fen"), refundedFen: try row.int("refunded_fen"))
            }
        }
    }

    /// Every refund as (amount, reason), oldest first.
    static func refunds(_ client: TestClient) throws -> [(amountFen: Int, reason: String)] {
        try client.application.database.read { db in
            try db.query("SELECT amount_fen, reason FROM refunds ORDER BY id").map { (try $0.int("amount_fen"), try $0.string("reason")) }
        }
    }

    /// The order's total in fen and status, from the database.
    static func order(_ client: TestClient) throws -> (totalFen: Int, status: String, deadline: Int) {
        try client.application.database.read { db in
            let row = try XCTUnwrap(try db.queryOne("SELECT total_fen, status, pay_deadline FROM orders ORDER BY id DESC LIMIT 1"))
            return (try row.int("total_fen"), try row.string("status"), try row.int("pay_deadline"))
        }
    }

    /// The `data-status` of the order and of each ticket on an order page.
    static func statuses(_ page: TestResponse) throws -> (order: String?, tickets: [String]) {
        let document = try page.document()
        return (
            document.node("//section[@data-order]")?.attribute("data-status"),
            document.nodes("//li[@data-ticket]").compactMap { $0.attribute("data-status") }
        )
    }

    /// A notification body for `reference` as the provider would sign it (optionally with another
    /// amount), sent at `timestamp` (by default the site's time now).
    static func notification(
        reference: String, amountFen: Int, sentAt timestamp: Int? = nil,
        application: Application
    ) -> [(String, String)] {
        let notification = PaymentNotification(
            reference: reference, amountFen: amountFen, status: "paid",
            timestamp: timestamp ?? application.clock.now())
        let signature = notification.signature(with: application.keys.payments)
        return [
            ("reference", reference), ("amount_fen", String(amountFen)), ("status", "paid"),
            ("timestamp", String(notification.timestamp)), ("signature", signature),
        ]
    }
}

/// Records the `OrderPaid` events an application publishes once subscribed.
final class PaidOrderRecorder: Sendable {
    private let orderIDs = Mutex<[Int64]>([])

    /// Subscribes to `application`'s events.
    init(_ application: Application) {
        application.events.subscribe(OrderPaid.self) { [self] event in orderIDs.withLock { $0.append(event.orderID) } }
    }

    /// The ids of the orders paid so far, in order.
    var paid: [Int64] { orderIDs.withLock { $0 } }
}
