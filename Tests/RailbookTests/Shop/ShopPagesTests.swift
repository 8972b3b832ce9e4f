import Foundation
import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The shop list, a shop's page and a product's page, in both languages, and the demo shops.
final class ShopPagesTests: XCTestCase {
    func testTheShopListGroupsShopsByKindInChinese() throws {
        let client = try ShopFixtures.client()
        let home = try client.get("/").document()
        XCTAssertEqual(home.node("//header//nav//a[.='商城']")?.attribute("href"), "/shop")
        let document = try client.get("/shop").document()
        XCTAssertEqual(document.text("//h1"), "商城")
        XCTAssertEqual(document.nodes("//section[@data-kind]").map { $0.attribute("data-kind") ?? "" }, ["catering", "station", "specialty"])
        XCTAssertEqual(document.text("//section[@data-kind='catering']/h2"), "列车餐饮")
        XCTAssertEqual(document.text("//li[@data-shop='g101']//h3"), "G101 次列车餐车")
        XCTAssertEqual(document.text("//li[@data-shop='g101']//*[@class='shop-card__where']"), "G101 次列车 · 送餐到座位")
        XCTAssertEqual(document.text("//li[@data-shop='yicheng']//*[@class='shop-card__where']"), "乙城 · 送上停靠本站的列车")
        XCTAssertEqual(document.text("//li[@data-shop='tea']//*[@class='shop-card__where']"), "快递到您的地址")
        XCTAssertEqual(document.text("//li[@data-shop='closed']//*[contains(@class, 'badge--closed')]"), "暂停营业")
        XCTAssertEqual(document.count("//li[@data-shop][@data-cart-count]"), 0)
        XCTAssertEqual(document.count("//form[@method='post']"), 0, "switching shop is just links")
        XCTAssertNil(client.cookies["visitor"], "no pre-session for a page without forms")
    }

    func testAShopPageInEnglish() throws {
        let client = try ShopFixtures.client(acceptLanguage: "en")
        let noodles = try ShopFixtures.productID("牛肉面", client)
        let document = try client.get("/shop/g101").document()
        XCTAssertEqual(document.node("/html")?.attribute("lang"), "en")
        XCTAssertEqual(document.text("//h1"), "Dining car of G101")
        XCTAssertEqual(document.text("//*[@class='shop-main__where']"), "On train G101 · brought to your seat")
        let product = try XCTUnwrap(document.node("//li[@data-product='\(noodles)']"))
        XCTAssertEqual(product.attribute("data-price"), "3500")
        XCTAssertEqual(product.attribute("data-stock"), "3")
        XCTAssertEqual(product.text(".//h3"), "Beef noodles")
        XCTAssertEqual(product.text(".//*[@class='product__price']"), "¥35")
        XCTAssertEqual(product.text(".//*[@class='product__stock']"), "3 left")
        XCTAssertEqual(product.node(".//img")?.attribute("alt"), "Illustration: Beef noodles")
        XCTAssertEqual(product.node(".//img")?.attribute("src"), "/images/shop/noodles.svg")
        let form = try document.form("//li[@data-product='\(noodles)']//form")
        XCTAssertEqual(form.method, "POST")
        XCTAssertEqual(form.action, "/shop/g101/cart/add")
        XCTAssertEqual(form.fields.map(\.name), ["csrf", "product", "back", "quantity"])
        XCTAssertEqual(form.value("back"), "/shop/g101")
        XCTAssertEqual(document.text("//section[@id='cart']//p[@class='cart__empty']"), "Your cart for this shop is empty.")
        XCTAssertEqual(document.count("//details[@class='shop-switch']//li"), 4)
        XCTAssertNotNil(document.node("//details[@class='shop-switch']//li[@data-shop='g101']/a[@aria-current='page']"))
        XCTAssertEqual(try client.get("/images/shop/noodles.svg").headers["Content-Type"], "image/svg+xml")
    }

    func testAProductPageInBothLanguages() throws {
        let client = try ShopFixtures.client()
        let duck = try ShopFixtures.productID("盐水鸭", client)
        let chinese = try client.get("/shop/yicheng/products/\(duck)").document()
        XCTAssertEqual(chinese.text("//h1"), "盐水鸭")
        XCTAssertEqual(chinese.text("//title"), "盐水鸭 · 乙城站美食 · 铁路行")
        XCTAssertEqual(chinese.node("//article")?.attribute("data-product"), String(duck))
        XCTAssertEqual(chinese.text("//article//dd[@class='product__price']"), "¥58")
        XCTAssertEqual(chinese.nodes("//nav[@class='breadcrumb']//li").map(\.text), ["商城", "乙城站美食", "盐水鸭"])
        XCTAssertNotNil(try chinese.form("//article//form[@action='/shop/yicheng/cart/add']"))
        XCTAssertNotNil(chinese.node("//section[@id='cart'][@data-shop='yicheng']"))
        _ = try client.get("/language/en?back=/")
        let english = try client.get("/shop/yicheng/products/\(duck)").document()
        XCTAssertEqual(english.text("//h1"), "Salted duck")
        XCTAssertEqual(english.text("//article//dd[@class='product__stock']"), "5 left")
        let iceCream = try ShopFixtures.productID("冰淇淋", client)
        let unavailable = try client.get("/shop/g101/products/\(iceCream)").document()
        XCTAssertEqual(unavailable.count("//article//form"), 0)
        XCTAssertEqual(unavailable.text("//article//dd[@class='product__stock']"), "Not available")
    }

    func testCartPagesInEnglishTellWhatHappened() throws {
        let client = try ShopFixtures.client(acceptLanguage: "en")
        let noodles = try ShopFixtures.productID("牛肉面", client)
        var page = try ShopFixtures.add(noodles, quantity: "2", on: try client.get("/shop/g101"), with: client)
        XCTAssertEqual(try page.document().text("//*[@role='status']"), "Added to your cart: Beef noodles.")
        page = try ShopFixtures.add(noodles, quantity: "2", on: page, with: client)
        XCTAssertEqual(try page.document().text("//*[@role='alert']"), "Beef noodles: only 3 left, and the cart cannot hold more than the stock.")
        page = try ShopFixtures.press("decrease", noodles, on: page, with: client)
        page = try ShopFixtures.press("decrease", noodles, on: page, with: client)
        let line = try XCTUnwrap(ShopFixtures.line(noodles, try page.document()))
        XCTAssertEqual(line.text(".//*[@class='cart-line__zero-note']"), "(none, not counted)")
        XCTAssertEqual(try page.document().text("//section[@id='cart']//*[@class='cart__count']"), "Items: 0")
    }

    func testTheDemoShopsLoadWithTheDemoNetwork() throws {
        let application = try TestSite.makeApplication()
        XCTAssertTrue(try DemoNetwork.loadIfEmpty(into: application.database))
        XCTAssertTrue(try DemoShops.loadIfEmpty(into: application.database))
        XCTAssertFalse(try DemoShops.loadIfEmpty(into: application.database), "only once")
        try application.database.read { db in
            let shops = try Shop.all(in: db)
            XCTAssertEqual(Set(shops.map(\.kind)), Set(ShopKind.allCases))
            XCTAssertEqual(shops.filter { $0.kind == .station }.compactMap(\.stationName), ["北京南", "上海虹桥", "南京南"])
            XCTAssertEqual(shops.first { $0.code == "g1" }?.trainNumber, "G1")
            for shop in shops {
                let products = try Product.all(shopID: shop.id, in: db)
                XCTAssertGreaterThanOrEqual(products.count, 3, shop.code)
                for product in products {
                    XCTAssertEqual(product.priceFen % 50, 0, "\(product.name.chinese): whole ¥0.5 steps")
                    XCTAssertFalse(product.name.chinese.isEmpty || product.name.english.isEmpty || product.description.english.isEmpty)
                    XCTAssertTrue(FileManager.default.fileExists(atPath: TestSite.projectRoot + "/Public" + product.imagePath), product.imagePath)
                }
            }
        }
        let client = TestClient(application: application)
        let page = try client.get("/shop/g1")
        XCTAssertEqual(page.status, .ok)
        XCTAssertGreaterThan(try page.document().count("//li[@data-product]//form"), 5)
    }
}
