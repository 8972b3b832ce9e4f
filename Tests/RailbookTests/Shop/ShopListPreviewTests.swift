import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The shop list shows what each shop sells: the first products with their picture and price.
final class ShopListPreviewTests: XCTestCase {
    func testEachShopCardShowsItsFirstProductsWithPictureAndPrice() throws {
        let client = try ShopFixtures.client()
        let document = try client.get("/shop").document()
        let products = document.nodes("//li[@data-shop='g101']//ul[@class='shop-card__products']/li")
        XCTAssertEqual(products.map { $0.text(".//span[@class='shop-card__product-name']") ?? "" }, ["经济盒饭", "牛肉面", "冰淇淋", "水果杯"])
        XCTAssertEqual(document.text("//li[@data-shop='g101']//li[1]//span[@class='shop-card__product-price']"), "¥15")
        XCTAssertEqual(products.first?.attribute("data-price"), "1500")
        let noodles = try ShopFixtures.productID("牛肉面", client)
        XCTAssertEqual(
            document.node("//li[@data-shop='g101']//li[@data-product='\(noodles)']/a")?.attribute("href"), "/shop/g101/products/\(noodles)")
        let picture = try XCTUnwrap(document.node("//li[@data-shop='g101']//li[@data-product='\(noodles)']//img")?.attribute("src"))
        XCTAssertEqual(picture, "/images/shop/noodles.svg")
        let image = try client.get(picture)
        XCTAssertEqual(image.status, .ok)
        XCTAssertEqual(image.headers["Content-Type"]?.hasPrefix("image/svg+xml"), true)
        XCTAssertNil(document.node("//li[@data-shop='g101']//p[@class='shop-card__more']"), "all four are shown")
        XCTAssertEqual(document.text("//li[@data-shop='tea']//span[@class='shop-card__product-price']"), "¥268")
    }

    func testAShopWithMoreProductsLinksToAllOfThem() throws {
        let client = try ShopFixtures.client(acceptLanguage: "en")
        try client.application.database.write { db in
            let shopID = try XCTUnwrap(try db.queryOne("SELECT id FROM shops WHERE code = 'g101'")).int64("id")
            try Product.insert(
                shopID: shopID, name: LocalizedText(chinese: "矿泉水", english: "Mineral water"),
                description: LocalizedText(chinese: "550 毫升。", english: "550 ml."), priceFen: 300, stock: 50,
                imagePath: "/images/shop/water.svg", isAvailable: true, in: db)
        }
        let document = try client.get("/shop").document()
        XCTAssertEqual(document.count("//li[@data-shop='g101']//ul[@class='shop-card__products']/li"), 4)
        XCTAssertEqual(document.text("//li[@data-shop='g101']//p[@class='shop-card__more']/a"), "See all 5 products")
        XCTAssertEqual(document.node("//li[@data-shop='g101']//p[@class='shop-card__more']/a")?.attribute("href"), "/shop/g101")
        XCTAssertEqual(document.text("//li[@data-shop='g101']//li[1]//span[@class='shop-card__product-name']"), "Economy rice box")
    }
}
