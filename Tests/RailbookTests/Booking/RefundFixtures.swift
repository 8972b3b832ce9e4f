import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// Paid tickets to refund and change: booked through the site, then marked paid directly in the
/// database as a completed payment would leave them (order `paid`, tickets `issued`, a `paid`
/// ticket-order payment for the total).
enum RefundFixtures {
    /// A paid order for the holder alone; returns the order page's address and the ticket's id.
    static func paidTicket(
        train: String = "G101", seatClass: String = "second", from: String = "甲城", to: String = "丙城",
        daysAhead: Int = 3, with client: TestClient
    ) throws -> (order: String, ticketID: Int64) {
        let page = try BookingFixtures.bookPage(
            train: train, seatClass: seatClass, from: from, to: to,
            date: ChinaTime.today().adding(days: daysAhead), with: client)
        let order = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(client)], with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        try markPaid(order.target, in: client.application)
        let ticket = try XCTUnwrap(try client.get(order.target).document().node("//li[@data-ticket]")?.attribute("data-ticket"))
        return (order.target, try XCTUnwrap(Int64(ticket)))
    }

    /// Marks the order at `orderTarget` (`/orders/E…`) paid, its tickets issued, with a paid payment.
    static func markPaid(_ orderTarget: String, in application: Application) throws {
        let number = String(orderTarget.dropFirst("/orders/".count).prefix { $0 != "?" })
        let now = Int64(ChinaTime.now())
        try application.database.write { db in
            let order = try XCTUnwrap(try db.queryOne("SELECT id, user_id, total_fen FROM orders WHERE number = ?", [number]))
            let orderID = try order.int64("id")
            try db.run("UPDATE orders SET status = 'paid', paid_at = ? WHERE id = ?", [now, orderID])
            try db.run("UPDATE tickets SET status = 'issued' WHERE order_id = ? AND status = 'held'", [orderID])
            try db.run(
                """
                INSERT INTO payments (reference, user_id, purpose, subject_id, amount_fen, status, created_at, completed_at)
                VALUES (?, ?, 'ticket_order', ?, ?, 'paid', ?, ?)
                """,
                [
                    "test-\(number)", try order.int64("user_id"), orderID,
                    try order.int64("total_fen"), now, now,
                ])
        }
    }

    /// The order's payment: amount and refunded total (fen).
    static func payment(_ orderTarget: String, in application: Application) throws -> (amountFen: Int, refundedFen: Int) {
        let number = String(orderTarget.dropFirst("/orders/".count).prefix { $0 != "?" })
        return try application.database.read { db in
            let row = try XCTUnwrap(
                try db.queryOne(
                    """
                    SELECT p.amount_fen, p.refunded_fen FROM payments p JOIN orders o ON o.id = p.subject_id
                    WHERE p.purpose = 'ticket_order' AND o.number = ?
                    """, [number]))
            return (try row.int("amount_fen"), try row.int("refunded_fen"))
        }
    }

    /// The latest payment of a change's difference: status and refunded total (fen).
    static func changePayment(in application: Application) throws -> (status: String, refundedFen: Int)? {
        try application.database.read { db in
            try db.queryOne("SELECT status, refunded_fen FROM payments WHERE purpose = 'change' ORDER BY id DESC LIMIT 1").map {
                (try $0.string("status"), try $0.int("refunded_fen"))
            }
        }
    }

    /// Seats left (`data-seats`) for a train and class in the search results of a day.
    static func seatsLeft(
        train: String = "G101", seatClass: String = "second", from: String = "甲城", to: String = "丙城",
        daysAhead: Int = 3, with client: TestClient
    ) throws -> String? {
        let date = ChinaTime.today().adding(days: daysAhead)
        let results = try client.get("/search?from=\(PercentEncoding.encode(from))&to=\(PercentEncoding.encode(to))&date=\(date)")
        return try results.document().node("//li[@data-train='\(train)']//li[@data-class='\(seatClass)']")?.attribute("data-seats")
    }

    /// Lets time pass until a minute after the ticket's train left, while the user keeps the site open.
    static func waitUntilDeparted(ticketID: Int64, with client: TestClient) throws {
        try client.keepBrowsing("/", until: try ticket(ticketID, in: client.application).departsAt + 60)
    }

    /// The ticket's stored status, fee and refund.
    static func ticket(_ id: Int64, in application: Application) throws -> Ticket {
        try application.database.read { db in
            try XCTUnwrap(try db.queryOne(Ticket.self, "SELECT \(Ticket.columns) FROM tickets WHERE id = ?", [id]))
        }
    }
}
