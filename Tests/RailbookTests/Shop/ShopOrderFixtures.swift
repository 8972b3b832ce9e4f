import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// A traveller on the small network with the test shops (G101's dining car `g101`, 乙城's station
/// shop `yicheng`, the specialty shop `tea`), who books and pays through the pages, fills a cart
/// and checks out as they would.
enum ShopOrderFixtures {
    /// A logged-in traveller (李雷) on a fresh application with the test shops.
    static func traveller() throws -> TestClient {
        let client = try ShopFixtures.client()
        try AccountFixtures.register(with: client)
        return client
    }

    /// Books the holder alone on `train` `daysAhead` days from today and, unless `pay` is false,
    /// pays through Railbook Pay; returns the ticket's id.
    @discardableResult
    static func ticket(
        train: String = "G101", from: String = "甲城", to: String = "丙城", daysAhead: Int = 1, pay: Bool = true,
        with client: TestClient
    ) throws -> Int64 {
        let page = try BookingFixtures.bookPage(train: train, from: from, to: to, date: ChinaTime.today().adding(days: daysAhead), with: client)
        let order = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(client)], with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        var shown = order
        if pay {
            shown = try PaymentFixtures.press("confirm", on: try PaymentFixtures.openProvider(order, with: client), with: client)
            XCTAssertEqual(try PaymentFixtures.statuses(shown).order, "paid")
        }
        let ticket = try XCTUnwrap(try shown.document().nodes("//li[@data-ticket]").last?.attribute("data-ticket"))
        return try XCTUnwrap(Int64(ticket))
    }

    /// Puts `quantity` of the product named `name` (Chinese) in the cart of shop `code`.
    static func fillCart(_ code: String = "g101", _ name: String = "经济盒饭", quantity: Int = 2, with client: TestClient) throws {
        let page = try client.get("/shop/" + code)
        try ShopFixtures.add(try ShopFixtures.productID(name, client), quantity: String(quantity), on: page, with: client)
    }

    /// Opens the checkout page of shop `code` through the cart's "check out" link.
    static func checkoutPage(_ code: String = "g101", with client: TestClient) throws -> TestResponse {
        let shop = try client.get("/shop/" + code)
        let link = try XCTUnwrap(try shop.document().node("//section[@id='cart']//a[@data-checkout]")?.attribute("href"))
        return try client.get(link)
    }

    /// Chooses ticket `ticketID` (when given) on the checkout page and places the order.
    static func checkOut(_ page: TestResponse, ticket ticketID: Int64? = nil, with client: TestClient) throws -> TestResponse {
        var form = try page.document().form(action: page.target)
        if let ticketID { try form.check("ticket", value: String(ticketID)) }
        return try client.submit(form, from: page)
    }

    /// Checks out the cart of `code` to the seat of `ticketID` and pays; returns the order page.
    static func paidOrder(_ code: String = "g101", ticket ticketID: Int64, with client: TestClient) throws -> TestResponse {
        let provider = try checkOut(try checkoutPage(code, with: client), ticket: ticketID, with: client)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        let order = try PaymentFixtures.press("confirm", on: provider, with: client)
        XCTAssertTrue(order.target.hasPrefix("/shop/orders/S"), order.target)
        return order
    }

    /// The `data-status` of the shop order page.
    static func status(_ page: TestResponse) throws -> String? {
        try page.document().node("//section[@data-order]")?.attribute("data-status")
    }

    /// The order number of a shop order page's address.
    static func number(_ page: TestResponse) -> String {
        String(page.target.dropFirst("/shop/orders/".count).prefix { $0 != "?" })
    }

    /// The stock of the product named `name` (Chinese).
    static func stock(_ name: String, _ client: TestClient) throws -> Int {
        try client.application.database.read { db in
            try XCTUnwrap(try db.queryOne("SELECT stock FROM products WHERE name_zh = ?", [name])).int("stock")
        }
    }

    /// How many shop orders exist.
    static func orderCount(_ client: TestClient) throws -> Int {
        try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM shop_orders")!.int("n") }
    }

    /// Another client on the same application, logged in as a new administrator.
    static func admin(of client: TestClient) throws -> TestClient {
        let admin = TestClient(application: client.application)
        var person = AccountFixtures.Person()
        person.account = "han_admin"
        person.name = "韩梅梅"
        person.certificateNumber = AccountFixtures.residentID(sequence: "246")
        person.gender = "female"
        person.mobile = "13912345678"
        try AccountFixtures.register(person, with: admin)
        _ = try client.application.database.write { db in
            try db.run("UPDATE users SET authority = 'admin' WHERE account = 'han_admin'")
        }
        return admin
    }

    /// Moves G101's departure from its origin to `seconds` from now on the run of `daysAhead` days
    /// from today (the dining car's supplying time), as a timetable change would.
    static func moveG101Departure(secondsFromNow seconds: Int, daysAhead: Int = 1, in application: Application) throws {
        let date = ChinaTime.today().adding(days: daysAhead)
        let minute = (ChinaTime.now() + seconds - RunLeg.unixTime(date, minute: 0)) / 60
        _ = try application.database.write { db in
            try db.run(
                """
                UPDATE stops SET departure_minute = ? WHERE sequence = 0 AND train_id = (SELECT id FROM trains WHERE number = 'G101')
                """, [minute])
        }
        try application.railway.reloadTimetable()
    }
}
