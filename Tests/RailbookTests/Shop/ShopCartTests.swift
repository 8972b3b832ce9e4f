import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// The cart as a visitor uses it: add, increase, decrease and remove return to the same page; an
/// item at zero stays listed, struck through and out of the total; each shop keeps its own cart.
final class ShopCartTests: XCTestCase {
    func testAddingReturnsToTheShopPageWithTheItemInTheCart() throws {
        let client = try ShopFixtures.client()
        let noodles = try ShopFixtures.productID("牛肉面", client)
        let page = try client.get("/shop/g101")
        XCTAssertNil(ShopFixtures.line(noodles, try page.document()))
        let result = try ShopFixtures.add(noodles, quantity: "2", on: page, with: client)
        XCTAssertEqual(result.redirects, ["/shop/g101?cart_notice=added&cart_product=\(noodles)"])
        XCTAssertEqual(result.status, .ok)
        let document = try result.document()
        XCTAssertEqual(ShopFixtures.quantity(noodles, document), 2)
        XCTAssertEqual(ShopFixtures.total(document), 7000)
        XCTAssertEqual(document.text("//section[@id='cart']//strong[@data-total]"), "¥70")
        XCTAssertEqual(document.text("//*[@role='status']"), "已加入购物车：牛肉面。")
        XCTAssertEqual(document.node("//header//a[@data-cart-count]")?.attribute("data-cart-count"), "2")
    }

    func testAddingFromAProductPageReturnsToIt() throws {
        let client = try ShopFixtures.client()
        let rice = try ShopFixtures.productID("经济盒饭", client)
        let page = try client.get("/shop/g101/products/\(rice)")
        let result = try ShopFixtures.add(rice, on: page, with: client)
        XCTAssertEqual(result.redirects, ["/shop/g101/products/\(rice)?cart_notice=added&cart_product=\(rice)"])
        XCTAssertEqual(ShopFixtures.quantity(rice, try result.document()), 1, "quantity defaults to 1")
        XCTAssertEqual(try ShopFixtures.press("increase", rice, on: result, with: client).redirects, ["/shop/g101/products/\(rice)"])
    }

    func testIncreaseDecreaseToZeroKeepsTheLineStruckThroughUntilRemoved() throws {
        let client = try ShopFixtures.client()
        let rice = try ShopFixtures.productID("经济盒饭", client), noodles = try ShopFixtures.productID("牛肉面", client)
        var page = try ShopFixtures.add(rice, quantity: "2", on: try client.get("/shop/g101"), with: client)
        page = try ShopFixtures.add(noodles, on: page, with: client)
        XCTAssertEqual(ShopFixtures.total(try page.document()), 6500)

        page = try ShopFixtures.press("increase", noodles, on: page, with: client)
        XCTAssertEqual(page.redirects, ["/shop/g101"], "an earlier notice is not carried along")
        XCTAssertEqual(ShopFixtures.quantity(noodles, try page.document()), 2)
        page = try ShopFixtures.press("decrease", noodles, on: page, with: client)
        page = try ShopFixtures.press("decrease", noodles, on: page, with: client)
        XCTAssertEqual(page.redirects, ["/shop/g101"])

        let document = try page.document()
        let line = try XCTUnwrap(ShopFixtures.line(noodles, document), "an item at zero stays listed")
        XCTAssertEqual(line.attribute("data-quantity"), "0")
        XCTAssertTrue(line.attribute("class")?.contains("cart-line--zero") ?? false)
        XCTAssertEqual(line.text(".//s"), "牛肉面", "struck through")
        XCTAssertNotNil(line.node(".//button[@aria-label='减少一件：牛肉面'][@disabled]"))
        XCTAssertEqual(ShopFixtures.total(document), 3000, "excluded from the total")
        XCTAssertEqual(document.node("//section[@id='cart']")?.attribute("data-count"), "2")
        XCTAssertEqual(document.text("//section[@id='cart']//*[@class='cart__count']"), "共 2 件")
        XCTAssertNotNil(document.node("//section[@id='cart']//p[@class='hint']"))
        XCTAssertEqual(document.node("//header//a[@data-cart-count]")?.attribute("data-cart-count"), "2")

        page = try ShopFixtures.press("increase", noodles, on: page, with: client)
        XCTAssertEqual(ShopFixtures.quantity(noodles, try page.document()), 1, "back from zero")
        page = try ShopFixtures.press("remove", noodles, on: page, with: client)
        XCTAssertEqual(page.redirects, ["/shop/g101?cart_notice=removed&cart_product=\(noodles)"])
        XCTAssertNil(ShopFixtures.line(noodles, try page.document()))
        XCTAssertEqual(try page.document().text("//*[@role='status']"), "已从购物车删除：牛肉面。")
        XCTAssertEqual(ShopFixtures.quantity(rice, try page.document()), 2)
    }

    func testEachShopKeepsItsOwnCartWhenSwitching() throws {
        let client = try ShopFixtures.client()
        let rice = try ShopFixtures.productID("经济盒饭", client), duck = try ShopFixtures.productID("盐水鸭", client)
        let dining = try ShopFixtures.add(rice, quantity: "3", on: try client.get("/shop/g101"), with: client)
        let switchLink = try XCTUnwrap(dining.document().node("//details[@class='shop-switch']//li[@data-shop='yicheng']/a")?.attribute("href"))
        let station = try client.get(switchLink)
        XCTAssertEqual(try station.document().node("//section[@id='cart']")?.attribute("data-shop"), "yicheng")
        XCTAssertNil(ShopFixtures.line(rice, try station.document()), "the other shop's cart is not shown")
        XCTAssertEqual(ShopFixtures.total(try station.document()), 0)
        let withDuck = try ShopFixtures.add(duck, on: station, with: client)
        XCTAssertEqual(ShopFixtures.quantity(duck, try withDuck.document()), 1)

        let list = try client.get("/shop").document()
        XCTAssertEqual(list.node("//li[@data-shop='g101']")?.attribute("data-cart-count"), "3", "kept")
        XCTAssertEqual(list.node("//li[@data-shop='yicheng']")?.attribute("data-cart-count"), "1")
        XCTAssertNotNil(list.node("//li[@data-shop='yicheng']//a[@aria-current='true']"), "the shop used last is highlighted")
        XCTAssertNil(list.node("//li[@data-shop='g101']//a[@aria-current]"))
        let back = try client.get(try XCTUnwrap(list.node("//li[@data-shop='g101']//a")?.attribute("href"))).document()
        XCTAssertEqual(ShopFixtures.quantity(rice, back), 3)
        XCTAssertNil(ShopFixtures.line(duck, back))
    }

    func testTheHeaderSummarisesTheCartOfTheShopUsedLast() throws {
        let client = try ShopFixtures.client()
        XCTAssertNil(try client.get("/").document().node("//header//a[@data-cart-count]"), "no shop used yet")
        let rice = try ShopFixtures.productID("经济盒饭", client)
        try ShopFixtures.add(rice, quantity: "4", on: try client.get("/shop/g101"), with: client)
        XCTAssertEqual(client.cookies["shop"], "g101")
        let home = try client.get("/").document()
        let link = try XCTUnwrap(home.node("//header//a[@data-cart-count]"))
        XCTAssertEqual(link.attribute("href"), "/shop/g101#cart")
        XCTAssertEqual(link.text, "购物车 4")
        _ = try client.get("/shop/tea")
        XCTAssertEqual(try client.get("/stations").document().node("//header//a[@data-cart-count]")?.attribute("data-cart-count"), "0")
    }
}
