import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// What the cart does with input no form of ours sends: unknown or foreign products and shops are
/// a 404, bad quantities come back with a message, forms without the right token are a 403, and
/// `back` never leaves the site.
final class ShopCartInputTests: XCTestCase {
    private func post(_ client: TestClient, _ path: String, _ fields: [(String, String)]) throws -> TestResponse {
        try client.post(path, fields: fields)
    }

    func testUnknownShopsAndProductsAreNotFound() throws {
        let client = try ShopFixtures.client()
        let duck = try ShopFixtures.productID("盐水鸭", client)
        let csrf = try ShopFixtures.csrf(try client.get("/shop/g101"))
        for path in [
            "/shop/nope", "/shop/G101", "/shop/%E8%8C%B6", "/shop/g101/products/99999", "/shop/g101/products/abc",
            "/shop/g101/products/\(duck)",
        ] {
            let response = try client.get(path)
            XCTAssertEqual(response.status, .notFound, path)
            XCTAssertNotNil(try response.document().node("//main"))
        }
        for (shop, product) in [
            ("nope", String(duck)), ("g101", "99999"), ("g101", String(duck)), ("g101", "abc"), ("g101", ""),
            ("g101", "-1"),
        ] {
            for action in ["add", "increase", "decrease", "remove"] {
                let response = try post(client, "/shop/\(shop)/cart/\(action)", [("csrf", csrf), ("product", product), ("back", "/shop/g101")])
                XCTAssertEqual(response.status, .notFound, "\(action) \(shop) \(product)")
            }
        }
        XCTAssertEqual(try post(client, "/shop/g101/cart/add", [("csrf", csrf)]).status, .notFound, "no product")
        XCTAssertEqual(try client.get("/shop/yicheng").document().count("//section[@id='cart']//li"), 0, "nothing was added anywhere")
    }

    func testBadQuantitiesComeBackWithAMessageAndChangeNothing() throws {
        let client = try ShopFixtures.client()
        let rice = try ShopFixtures.productID("经济盒饭", client)
        let page = try client.get("/shop/g101")
        for quantity in ["0", "-1", "100", "99999999999999999999999", "abc", "1.5", "１", "2 3"] {
            let result = try ShopFixtures.add(rice, quantity: quantity, on: page, with: client)
            XCTAssertEqual(result.redirects, ["/shop/g101?cart_error=quantity&cart_product=\(rice)"], quantity)
            let document = try result.document()
            XCTAssertEqual(document.text("//*[@role='alert']"), "请填写 1 到 99 之间的数量。")
            XCTAssertNil(ShopFixtures.line(rice, document), quantity)
        }
        let empty = try ShopFixtures.add(rice, quantity: "", on: page, with: client)
        XCTAssertEqual(ShopFixtures.quantity(rice, try empty.document()), 1, "an empty quantity means one")
        let spaced = try ShopFixtures.add(rice, quantity: " 2 ", on: page, with: client)
        XCTAssertEqual(ShopFixtures.quantity(rice, try spaced.document()), 3)
    }

    func testFormsWithoutTheRightTokenAreForbidden() throws {
        let client = try ShopFixtures.client()
        let rice = try ShopFixtures.productID("经济盒饭", client)
        let other = TestClient(application: client.application)
        let otherToken = try ShopFixtures.csrf(try other.get("/shop/g101"))
        _ = try client.get("/shop/g101")
        for fields in [
            [("product", String(rice))], [("csrf", ""), ("product", String(rice))], [("csrf", "forged"), ("product", String(rice))],
            [("csrf", otherToken), ("product", String(rice))],
        ] {
            for action in ["add", "increase", "decrease", "remove"] {
                let response = try post(client, "/shop/g101/cart/\(action)", fields)
                XCTAssertEqual(response.status, .forbidden, "\(action) \(fields)")
                XCTAssertNotNil(try response.document().node("//main"))
            }
        }
        let stranger = TestClient(application: client.application)
        XCTAssertEqual(
            try post(stranger, "/shop/g101/cart/add", [("csrf", otherToken), ("product", String(rice))]).status, .forbidden,
            "no visitor cookie at all")
        XCTAssertEqual(try client.get("/shop/g101").document().count("//section[@id='cart']//li"), 0)
    }

    func testBackStaysOnTheSiteAndDropsEarlierOutcomes() throws {
        let client = try ShopFixtures.client()
        let rice = try ShopFixtures.productID("经济盒饭", client)
        let csrf = try ShopFixtures.csrf(try client.get("/shop/g101"))
        let cases: [(String, String)] = [
            ("https://evil.example/", "/shop/g101"), ("//evil.example/x", "/shop/g101"), ("", "/shop/g101"),
            ("/shop/g101/products/\(rice)?cart_error=stock&cart_product=1", "/shop/g101/products/\(rice)"),
            ("/shop/g101?x=1&cart_notice=added", "/shop/g101?x=1"),
        ]
        for (back, expected) in cases {
            let response = try client.send(
                .post, "/shop/g101/cart/decrease", headers: formHeaders(),
                body: Array(FormSubmission.encode([("csrf", csrf), ("product", String(rice)), ("back", back)]).utf8),
                followRedirects: false)
            XCTAssertEqual(response.status, .seeOther, back)
            XCTAssertEqual(response.headers["Location"], expected, back)
        }
    }

    private func formHeaders() -> Headers {
        var headers = Headers()
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        return headers
    }
}
