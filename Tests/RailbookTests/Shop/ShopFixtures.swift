import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// Shops on the small test network, and helpers that use the cart as a visitor would: through the
/// forms on the shop's pages.
enum ShopFixtures {
    static let shops = """
        g101|catering|G101|1|G101 次列车餐车|Dining car of G101|甲城开往丙城的餐车。|The dining car from Jiacheng to Bingcheng.
        yicheng|station|BBB|1|乙城站美食|Yicheng station food|送上停靠乙城的列车。|Brought aboard trains calling at Yicheng.
        tea|specialty|-|1|茶叶特产|Tea specialities|快递到家。|Posted to your door.
        closed|specialty|-|0|歇业小店|Closed shop|暂停营业。|Closed for now.
        """

    static let products = """
        g101|rice-box|1500|10|1|经济盒饭|Economy rice box|两荤一素。|Two meat dishes and a vegetable.
        g101|noodles|3500|3|1|牛肉面|Beef noodles|大块牛肉。|Chunky beef.
        g101|ice-cream|1500|20|0|冰淇淋|Ice cream|冬季停售。|Not in winter.
        g101|fruit|2000|0|1|水果杯|Fruit cup|当季水果。|Seasonal fruit.
        yicheng|salted-duck|5800|5|1|盐水鸭|Salted duck|半只。|Half a duck.
        tea|tea-tin|26800|2|1|龙井|Longjing tea|100 克。|100 g.
        closed|gift-box|4500|9|1|礼盒|Gift box|糕点。|Pastries.
        """

    /// A visitor's client on a fresh application with the small network and the test shops.
    static func client(acceptLanguage: String = "zh-CN") throws -> TestClient {
        let client = try TimetableFixtures.client(acceptLanguage: acceptLanguage)
        try client.application.database.write { db in
            try ShopText.loadShops(shops, into: db)
            try ShopText.loadProducts(products, into: db)
        }
        return client
    }

    /// The id of the product with Chinese name `name`.
    static func productID(_ name: String, _ client: TestClient) throws -> Int64 {
        try client.application.database.read { db in
            try XCTUnwrap(try db.queryOne("SELECT id FROM products WHERE name_zh = ?", [name])).int64("id")
        }
    }

    /// Fills the add form of product `id` on `page` (a shop or product page) and submits it.
    @discardableResult
    static func add(_ id: Int64, quantity: String? = nil, on page: TestResponse, with client: TestClient) throws -> TestResponse {
        var form = try page.document().form("//form[contains(@class, 'add-form')][input[@name='product' and @value='\(id)']]")
        if let quantity { try form.fill("quantity", quantity) }
        return try client.submit(form, from: page)
    }

    /// Presses the `increase`, `decrease` or `remove` button of product `id`'s line in the cart on `page`.
    @discardableResult
    static func press(_ action: String, _ id: Int64, on page: TestResponse, with client: TestClient) throws -> TestResponse {
        let form = try page.document().form("//section[@id='cart']//li[@data-product='\(id)']//form[contains(@action, '/cart/\(action)')]")
        return try client.submit(form, from: page)
    }

    /// The cart line of product `id`, or nil when the cart does not list it.
    static func line(_ id: Int64, _ document: HTMLDocument) -> HTMLNode? {
        document.node("//section[@id='cart']//li[@data-product='\(id)']")
    }

    /// The quantity the cart shows for product `id`; nil when it is not listed.
    static func quantity(_ id: Int64, _ document: HTMLDocument) -> Int? {
        line(id, document)?.attribute("data-quantity").flatMap { Int($0) }
    }

    /// The cart's total in fen, as the page states it.
    static func total(_ document: HTMLDocument) -> Int? {
        document.node("//section[@id='cart']//strong[@data-total]")?.attribute("data-total").flatMap { Int($0) }
    }

    /// The `csrf` value of the first POST form on `page`, for sending what no form offers.
    static func csrf(_ page: TestResponse) throws -> String {
        try XCTUnwrap(page.document().node("//form[@method='post']/input[@name='csrf']")?.attribute("value"))
    }

    /// Sets a product's stock, as a sale elsewhere would.
    static func setStock(_ stock: Int, of id: Int64, _ client: TestClient) throws {
        _ = try client.application.database.write { db in
            try db.run("UPDATE products SET stock = ? WHERE id = ?", [stock, id])
        }
    }
}
