import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// Orders and tickets for the order list and e-ticket tests, booked through the pages.
///
/// Paying is being built concurrently by another feature, so `markPaid` issues tickets the way a
/// completed payment will: straight in the database (orders `paid`, tickets `issued`).
enum TicketFixtures {
    /// Tomorrow in China, the day the tests travel.
    static var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    /// Books G101 甲城 → 丙城 in second class for the account holder on `date`; returns the order number.
    @discardableResult
    static func bookOrder(date: CivilDate = tomorrow, with client: TestClient) throws -> String {
        let page = try BookingFixtures.bookPage(date: date, with: client)
        let order = try BookingFixtures.book(page, with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        return String(order.target.dropFirst("/orders/".count).prefix { $0 != "?" })
    }

    /// Marks the order paid and its held tickets issued, directly in the database (see above).
    static func markPaid(_ number: String, in application: Application) throws {
        try application.database.write { db in
            let now = Int64(ChinaTime.now())
            try db.run("UPDATE orders SET status = 'paid', paid_at = ? WHERE number = ?", [now, number])
            try db.run("UPDATE tickets SET status = 'issued' WHERE order_id = (SELECT id FROM orders WHERE number = ?)", [number])
        }
    }

    /// Lets time pass until the order's trip is over (its last ticket has arrived), while the user
    /// keeps the site open.
    static func waitUntilTravelled(_ number: String, with client: TestClient) throws {
        let arrival = try client.application.database.read { db in
            try XCTUnwrap(
                try db.queryOne(
                    """
                    SELECT MAX(t.arrives_at) AS arrival FROM tickets t JOIN orders o ON o.id = t.order_id WHERE o.number = ?
                    """, [number])
            ).int("arrival")
        }
        try client.keepBrowsing("/", until: arrival + 60)
    }

    /// The ids of the order's tickets, in seat order.
    static func ticketIDs(_ number: String, in application: Application) throws -> [Int64] {
        try application.database.read { db in
            try db.query(
                "SELECT t.id FROM tickets t JOIN orders o ON o.id = t.order_id WHERE o.number = ? ORDER BY t.id",
                [number]
            ).map { try $0.int64("id") }
        }
    }

    /// A second registered user (韩梅梅) on the same site, logged in on their own client.
    static func otherTraveller(on application: Application) throws -> TestClient {
        let other = TestClient(application: application)
        try AccountFixtures.register(
            AccountFixtures.Person(
                account: "han_mm", name: "韩梅梅",
                certificateNumber: AccountFixtures.residentID(sequence: "224"),
                mobile: "13900000000", gender: "female"), with: other)
        return other
    }

    /// Opens the e-ticket through the order page's link, as a traveller would.
    static func openTicket(of number: String, with client: TestClient) throws -> TestResponse {
        let order = try client.get("/orders/" + number)
        let id = try XCTUnwrap(try ticketIDs(number, in: client.application).first)
        let href = try XCTUnwrap(order.document().node("//li[@data-ticket='\(id)']//a[@href='/tickets/\(id)']")?.attribute("href"))
        return try client.get(href)
    }
}
