import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// Stock and availability: a cart never takes more than the stock, nor anything unavailable, sold
/// out or of a closed shop; a line the stock fell below is flagged, and the model checks it again.
final class ShopStockTests: XCTestCase {
    func testAddingBeyondTheStockIsRefusedWithAMessage() throws {
        let client = try ShopFixtures.client()
        let noodles = try ShopFixtures.productID("牛肉面", client) // 3 in stock
        var page = try ShopFixtures.add(noodles, quantity: "4", on: try client.get("/shop/g101"), with: client)
        XCTAssertEqual(page.redirects, ["/shop/g101?cart_error=stock&cart_product=\(noodles)"])
        XCTAssertEqual(try page.document().text("//*[@role='alert']"), "牛肉面仅剩 3 件：购物车中的数量不能超过库存。")
        XCTAssertNil(ShopFixtures.line(noodles, try page.document()))

        page = try ShopFixtures.add(noodles, quantity: "3", on: page, with: client)
        XCTAssertEqual(ShopFixtures.quantity(noodles, try page.document()), 3)
        XCTAssertNil(try page.document().node("//*[@role='alert']"), "the earlier refusal is gone")
        XCTAssertNotNil(ShopFixtures.line(noodles, try page.document())?.node(".//button[@aria-label='增加一件：牛肉面'][@disabled]"))
        page = try ShopFixtures.add(noodles, on: page, with: client)
        XCTAssertEqual(page.redirects, ["/shop/g101?cart_error=stock&cart_product=\(noodles)"])
        XCTAssertEqual(ShopFixtures.quantity(noodles, try page.document()), 3)
        let increase = try client.post(
            "/shop/g101/cart/increase",
            fields: [("csrf", try ShopFixtures.csrf(page)), ("product", String(noodles)), ("back", "/shop/g101")])
        XCTAssertEqual(increase.redirects, ["/shop/g101?cart_error=stock&cart_product=\(noodles)"])
        XCTAssertEqual(ShopFixtures.quantity(noodles, try increase.document()), 3)
    }

    func testUnavailableSoldOutAndClosedShopProductsAreRefused() throws {
        let client = try ShopFixtures.client()
        let iceCream = try ShopFixtures.productID("冰淇淋", client), fruit = try ShopFixtures.productID("水果杯", client)
        let gift = try ShopFixtures.productID("礼盒", client)
        let page = try client.get("/shop/g101")
        let document = try page.document()
        XCTAssertEqual(document.node("//li[@data-product='\(iceCream)']")?.attribute("data-available"), "false")
        XCTAssertEqual(document.text("//li[@data-product='\(iceCream)']//*[@class='product__stock']"), "暂不供应")
        XCTAssertEqual(document.text("//li[@data-product='\(fruit)']//*[@class='product__stock']"), "已售罄")
        XCTAssertEqual(document.count("//li[@data-product='\(iceCream)' or @data-product='\(fruit)']//form"), 0, "no add form")
        let csrf = try ShopFixtures.csrf(page)
        let refused = try client.post("/shop/g101/cart/add", fields: [("csrf", csrf), ("product", String(iceCream)), ("back", "/shop/g101")])
        XCTAssertEqual(refused.redirects, ["/shop/g101?cart_error=unavailable&cart_product=\(iceCream)"])
        XCTAssertEqual(try refused.document().text("//*[@role='alert']"), "冰淇淋暂不供应。")
        let soldOut = try client.post("/shop/g101/cart/add", fields: [("csrf", csrf), ("product", String(fruit)), ("back", "/shop/g101")])
        XCTAssertEqual(try soldOut.document().text("//*[@role='alert']"), "水果杯已售罄。")
        XCTAssertEqual(try soldOut.document().count("//section[@id='cart']//li"), 0)
        let closed = try client.post("/shop/closed/cart/add", fields: [("csrf", csrf), ("product", String(gift)), ("back", "/shop/closed")])
        XCTAssertEqual(closed.redirects, ["/shop/closed?cart_error=unavailable&cart_product=\(gift)"])
    }

    func testALineAboveTheStockLeftIsFlaggedAndCheckedAgainByTheModel() throws {
        let client = try ShopFixtures.client()
        let rice = try ShopFixtures.productID("经济盒饭", client), noodles = try ShopFixtures.productID("牛肉面", client)
        var page = try ShopFixtures.add(noodles, quantity: "2", on: try client.get("/shop/g101"), with: client)
        page = try ShopFixtures.add(rice, on: page, with: client)
        try ShopFixtures.setStock(1, of: noodles, client)
        let document = try client.get("/shop/g101").document()
        XCTAssertEqual(ShopFixtures.line(noodles, document)?.text(".//*[@class='cart-line__problem']"), "仅剩 1 件，请减少数量。")
        XCTAssertNil(ShopFixtures.line(rice, document)?.node(".//*[@class='cart-line__problem']"))

        let owner = try XCTUnwrap(CartOwner.visitor(token: client.cookies["visitor"]))
        try client.application.database.write { db in
            let shop = try XCTUnwrap(try Shop.find(code: "g101", in: db))
            let cart = try XCTUnwrap(try Cart.find(shopID: shop.id, owner: owner, in: db))
            XCTAssertEqual(cart.totalFen, 8500)
            XCTAssertEqual(Set(cart.countedLines.map(\.product.id)), [noodles, rice])
            XCTAssertEqual(cart.linesWithProblems.map(\.problem), [.overStock(left: 1)])
            XCTAssertFalse(try Product.takeStock(id: noodles, quantity: 2, in: db))
            XCTAssertTrue(try Product.takeStock(id: rice, quantity: 1, in: db))
            try Cart.empty(id: cart.id, now: ChinaTime.now(), in: db)
            XCTAssertEqual(try Cart.find(shopID: shop.id, owner: owner, in: db)?.lines.count, 0)
        }
        XCTAssertEqual(try client.get("/shop/g101").document().count("//section[@id='cart']//li"), 0)
    }
}
