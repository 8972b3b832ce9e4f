import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// A visitor's carts join the account's carts on login and on registration (quantities added up,
/// capped at the stock); nobody sees another visitor's or user's cart.
final class ShopCartMergeTests: XCTestCase {
    func testRegistrationKeepsTheVisitorsCarts() throws {
        let client = try ShopFixtures.client()
        let rice = try ShopFixtures.productID("经济盒饭", client), duck = try ShopFixtures.productID("盐水鸭", client)
        try ShopFixtures.add(rice, quantity: "2", on: try client.get("/shop/g101"), with: client)
        try ShopFixtures.add(duck, on: try client.get("/shop/yicheng"), with: client)
        try AccountFixtures.register(with: client)
        XCTAssertEqual(ShopFixtures.quantity(rice, try client.get("/shop/g101").document()), 2)
        XCTAssertEqual(ShopFixtures.quantity(duck, try client.get("/shop/yicheng").document()), 1)
        XCTAssertEqual(try visitorCartCount(client), 0, "the visitor's carts are gone")
    }

    func testLoginAddsUpQuantitiesCappedAtTheStock() throws {
        let client = try ShopFixtures.client()
        let rice = try ShopFixtures.productID("经济盒饭", client), noodles = try ShopFixtures.productID("牛肉面", client)
        let fruit = try ShopFixtures.productID("水果杯", client)
        try AccountFixtures.register(with: client)
        var page = try ShopFixtures.add(noodles, quantity: "2", on: try client.get("/shop/g101"), with: client)
        page = try ShopFixtures.add(rice, on: page, with: client)
        try AccountFixtures.logOut(with: client)

        page = try client.get("/shop/g101")
        XCTAssertEqual(try page.document().count("//section[@id='cart']//li"), 0, "the account's cart is not the visitor's")
        page = try ShopFixtures.add(noodles, quantity: "2", on: page, with: client)
        page = try ShopFixtures.add(rice, quantity: "3", on: page, with: client)
        page = try ShopFixtures.press("decrease", rice, on: page, with: client)
        try ShopFixtures.setStock(5, of: fruit, client)
        page = try ShopFixtures.add(fruit, on: try client.get("/shop/g101"), with: client)
        page = try ShopFixtures.press("decrease", fruit, on: page, with: client)

        let person = AccountFixtures.Person()
        let landed = try AccountFixtures.logIn(person.account, person.password, from: "/login?next=/shop/g101", with: client)
        XCTAssertEqual(landed.target, "/shop/g101")
        let document = try landed.document()
        XCTAssertEqual(ShopFixtures.quantity(noodles, document), 3, "2 + 2 capped at the 3 in stock")
        XCTAssertEqual(ShopFixtures.quantity(rice, document), 3, "1 + 2")
        XCTAssertEqual(ShopFixtures.quantity(fruit, document), 0, "a zero line comes along, still struck through")
        XCTAssertEqual(try visitorCartCount(client), 0)
    }

    func testAnotherVisitorsCartIsNotVisible() throws {
        let first = try ShopFixtures.client()
        let rice = try ShopFixtures.productID("经济盒饭", first)
        try ShopFixtures.add(rice, quantity: "5", on: try first.get("/shop/g101"), with: first)
        let second = TestClient(application: first.application)
        let page = try second.get("/shop/g101")
        XCTAssertEqual(try page.document().count("//section[@id='cart']//li"), 0)
        XCTAssertEqual(ShopFixtures.total(try page.document()), 0)
        second.cookies["shop"] = "g101"
        XCTAssertEqual(try second.get("/").document().node("//header//a[@data-cart-count]")?.attribute("data-cart-count"), "0")
        try AccountFixtures.register(with: second)
        XCTAssertEqual(try second.get("/shop/g101").document().count("//section[@id='cart']//li"), 0, "logging in merges only one's own")
        XCTAssertEqual(ShopFixtures.quantity(rice, try first.get("/shop/g101").document()), 5)
    }

    func testAMalformedVisitorCookieMergesNothing() throws {
        let client = try ShopFixtures.client()
        try client.application.database.write { db in
            try CartMerge.merge(visitorToken: nil, into: 1, now: ChinaTime.now(), in: db)
            try CartMerge.merge(visitorToken: "short", into: 1, now: ChinaTime.now(), in: db)
        }
        XCTAssertEqual(try visitorCartCount(client), 0)
    }

    private func visitorCartCount(_ client: TestClient) throws -> Int {
        try client.application.database.read { db in
            try db.queryOne("SELECT COUNT(*) AS n FROM carts WHERE visitor_token_hash IS NOT NULL")!.int("n")
        }
    }
}
