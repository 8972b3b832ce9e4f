import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// The list of the user's shop orders can be found without opening one of them first.
final class ShopOrdersLinksTests: XCTestCase {
    func testTheShopOrdersListIsLinkedFromTheUserMenuTheMyPageAndTheShop() throws {
        let client = try ShopOrderFixtures.traveller()
        for target in ["/", "/me", "/shop", "/orders"] {
            let document = try client.get(target).document()
            XCTAssertNotNil(document.node("//header//ul[@class='account-menu']//a[@href='/shop/orders']"), "user menu on \(target)")
        }
        XCTAssertNotNil(try client.get("/me").document().node("//main//a[@href='/shop/orders']"), "on the My page")
        XCTAssertNotNil(try client.get("/shop").document().node("//main//a[@href='/shop/orders']"), "on the shop list")
        let visitor = try ShopFixtures.client()
        XCTAssertNil(try visitor.get("/shop").document().node("//a[@href='/shop/orders']"), "visitors have no shop orders")
    }
}
