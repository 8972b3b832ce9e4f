import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// `/admin/shops`: shops opened and closed, products' price, stock and availability changed.
final class ShopsAdminTests: XCTestCase {
    private var admin: TestClient!

    override func setUpWithError() throws {
        admin = try AdminFixtures.admin(on: try ShopFixtures.client())
    }

    private func shopID(_ code: String) throws -> Int64 {
        try admin.application.database.read { try XCTUnwrap(try $0.queryOne("SELECT id FROM shops WHERE code = ?", [code])).int64("id") }
    }

    private func productForm(_ productID: Int64, on page: TestResponse) throws -> HTMLForm {
        try page.document().form("//li[@data-product='\(productID)']//form")
    }

    func testOnlyAdministratorsReachTheShopPagesAndTheirActions() throws {
        let g101 = try shopID("g101")
        let noodles = try ShopFixtures.productID("牛肉面", admin)
        try AdminFixtures.assertAdminOnly("/admin/shops", admin: admin)
        try AdminFixtures.assertAdminOnly("/admin/shops/\(g101)", admin: admin)
        let user = try AdminFixtures.user(on: admin.application)
        let userToken = try XCTUnwrap(try user.get("/me").document().form(action: "/logout").value("csrf"))
        let visitor = TestClient(application: admin.application)
        let visitorToken = try XCTUnwrap(try visitor.get("/login").document().form(action: "/login").value("csrf"))
        for (client, token) in [(user, userToken), (visitor, visitorToken)] {
            XCTAssertEqual(try client.post("/admin/shops/\(g101)/close", fields: [("csrf", token)]).status, .notFound)
            XCTAssertEqual(try client.post("/admin/shops/\(g101)/open", fields: [("csrf", token)]).status, .notFound)
            XCTAssertEqual(
                try client.post(
                    "/admin/shops/\(g101)/products/\(noodles)",
                    fields: [("csrf", token), ("price", "1"), ("stock", "1"), ("available", "1")]
                ).status, .notFound)
        }
        XCTAssertEqual(try admin.application.database.read { try AuditLog.recent(limit: 10, in: $0) }.count, 0)
        XCTAssertEqual(try admin.get("/admin/shops/999999").status, .notFound)
        XCTAssertEqual(try admin.get("/admin/shops/abc").status, .notFound)
        XCTAssertNotNil(try admin.get("/admin").document().node("//a[@href='/admin/shops']"))
    }

    func testTheListShowsKindOpenStateAndProductCount() throws {
        let document = try admin.get("/admin/shops").document()
        XCTAssertEqual(document.nodes("//tr[@data-shop]").compactMap { $0.attribute("data-shop") }, ["g101", "yicheng", "tea", "closed"])
        let g101 = try XCTUnwrap(document.node("//tr[@data-shop='g101']"))
        XCTAssertEqual(g101.attribute("data-kind"), "catering")
        XCTAssertEqual(g101.attribute("data-open"), "yes")
        XCTAssertEqual(g101.attribute("data-products"), "4")
        XCTAssertEqual(document.node("//tr[@data-shop='closed']")?.attribute("data-open"), "no")
        XCTAssertEqual(g101.node(".//a")?.attribute("href"), "/admin/shops/\(try shopID("g101"))")
        XCTAssertNotNil(document.node("//a[@href='/shop/merchant']"))
        XCTAssertNotNil(try admin.get("/admin/shops/\(try shopID("g101"))").document().node("//a[@href='/shop/merchant']"))
    }

    func testAChangedProductShowsOnThePublicShopPageAndIsAudited() throws {
        let noodles = try ShopFixtures.productID("牛肉面", admin)
        let page = try admin.get("/admin/shops/\(try shopID("g101"))")
        var form = try productForm(noodles, on: page)
        XCTAssertEqual(form.value("price"), "35")
        XCTAssertEqual(form.value("stock"), "3")
        XCTAssertEqual(form.value("available"), "1")
        try form.fill("price", "38.5")
        try form.fill("stock", "12")
        let saved = try admin.submit(form, from: page)
        XCTAssertEqual(saved.status, .ok)
        XCTAssertEqual(saved.redirects.first?.hasSuffix("?notice=product"), true)
        XCTAssertNotNil(try saved.document().node("//p[@role='status']"))

        let product = try XCTUnwrap(try admin.get("/shop/g101").document().node("//li[@data-product='\(noodles)']"))
        XCTAssertEqual(product.attribute("data-price"), "3850")
        XCTAssertEqual(product.attribute("data-stock"), "12")

        let again = try admin.get("/admin/shops/\(try shopID("g101"))")
        var hide = try productForm(noodles, on: again)
        try hide.fill("available", "0")
        _ = try admin.submit(hide, from: again)
        let hidden = try admin.get("/shop/g101").document()
        XCTAssertNil(hidden.node("//li[@data-product='\(noodles)']//form[contains(@class, 'add-form')]"), "no longer offered")

        let entries = try admin.application.database.read { try AuditLog.recent(limit: 10, actionPrefix: "shop.", in: $0) }
        XCTAssertEqual(entries.map(\.action), ["shop.product", "shop.product"])
        XCTAssertEqual(entries.last?.subject, "product \(noodles)")
        XCTAssertEqual(entries.last?.before, "price=¥35 stock=3 available=yes")
        XCTAssertEqual(entries.last?.after, "price=¥38.5 stock=12 available=yes")
        XCTAssertEqual(entries.first?.after, "price=¥38.5 stock=12 available=no")
        XCTAssertEqual(entries.last?.account, "li_lei")
    }

    func testBadInputIsRefusedWithMessagesAndTheValuesKept() throws {
        let noodles = try ShopFixtures.productID("牛肉面", admin)
        let page = try admin.get("/admin/shops/\(try shopID("g101"))")
        for (price, stock) in [("38.3", "5"), ("0", "5"), ("abc", "5"), ("20", "10000"), ("20", "-1"), ("20", "")] {
            let form = try productForm(noodles, on: page)
            let values = ["price": price, "stock": stock]
            let refused = try admin.post(form.action, fields: form.fields.map { ($0.name, values[$0.name] ?? $0.value) })
            XCTAssertEqual(refused.status, .unprocessableContent, "\(price) \(stock)")
            let document = try refused.document()
            XCTAssertNotNil(document.node("//p[@role='alert']"))
            XCTAssertNotNil(document.node("//li[@data-product='\(noodles)']//p[@class='field-error']"), "\(price) \(stock)")
            let kept = try productForm(noodles, on: refused)
            XCTAssertEqual(kept.value("price"), price)
            XCTAssertEqual(kept.value("stock"), stock)
        }
        let token = try XCTUnwrap(try page.document().form(action: "/logout").value("csrf"))
        let forged = try admin.post(
            "/admin/shops/\(try shopID("g101"))/products/\(noodles)",
            fields: [("csrf", token), ("price", "20"), ("stock", "5"), ("available", "maybe")])
        XCTAssertEqual(forged.status, .unprocessableContent)
        _ = try forged.document()
        let other = try ShopFixtures.productID("盐水鸭", admin)
        XCTAssertEqual(
            try admin.post(
                "/admin/shops/\(try shopID("g101"))/products/\(other)",
                fields: [("csrf", token), ("price", "20"), ("stock", "5"), ("available", "1")]
            ).status, .notFound,
            "a product of another shop")
        XCTAssertEqual(try admin.get("/shop/g101").document().node("//li[@data-product='\(noodles)']")?.attribute("data-price"), "3500")
        XCTAssertEqual(try admin.application.database.read { try AuditLog.recent(limit: 10, in: $0) }.count, 0)
    }

    func testClosingAndReopeningAShop() throws {
        let id = try shopID("g101")
        let page = try admin.get("/admin/shops/\(id)")
        let closed = try admin.submit(try page.document().form(action: "/admin/shops/\(id)/close"), from: page)
        XCTAssertEqual(closed.redirects, ["/admin/shops/\(id)?notice=close"])
        XCTAssertEqual(try closed.document().node("//section[@data-shop]")?.attribute("data-open"), "no")
        XCTAssertFalse(try admin.application.database.read { try Shop.find(id: id, in: $0) }?.isOpen ?? true)
        XCTAssertEqual(try admin.get("/admin/shops").document().node("//tr[@data-shop='g101']")?.attribute("data-open"), "no")

        let reopened = try admin.submit(try closed.document().form(action: "/admin/shops/\(id)/open"), from: closed)
        XCTAssertEqual(try reopened.document().node("//section[@data-shop]")?.attribute("data-open"), "yes")
        let entries = try admin.application.database.read { try AuditLog.recent(limit: 10, actionPrefix: "shop.", in: $0) }
        XCTAssertEqual(entries.map(\.action), ["shop.open", "shop.close"])
        XCTAssertEqual(entries.last?.subject, "shop g101")
        XCTAssertEqual(entries.last?.before, "open=yes")
        XCTAssertEqual(entries.last?.after, "open=no")
    }
}
