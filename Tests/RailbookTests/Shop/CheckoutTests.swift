import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// 结算: delivery to a seat of one's own paid ticket on a train the shop serves, before the
/// cut-off, or to an address for a specialty shop; stock taken with the order, atomically.
final class CheckoutTests: XCTestCase {
    func testSeatDeliveryOnOwnPaidTicketLeadsToPaymentAndAPaidOrder() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(quantity: 2, with: client)
        let page = try ShopOrderFixtures.checkoutPage(with: client)
        let document = try page.document()
        XCTAssertEqual(document.node("//section[@data-shop]")?.attribute("data-total"), "3000")
        let choice = try XCTUnwrap(document.node("//li[@data-ticket='\(ticketID)']"))
        XCTAssertEqual(choice.attribute("data-train"), "G101")
        XCTAssertEqual(choice.attribute("data-date"), ChinaTime.today().adding(days: 1).description)
        XCTAssertNotNil(choice.attribute("data-coach"))
        XCTAssertNotNil(document.node("//input[@type='radio' and @name='ticket' and @value='\(ticketID)']"))
        let stockBefore = try ShopOrderFixtures.stock("经济盒饭", client)

        let provider = try ShopOrderFixtures.checkOut(page, ticket: ticketID, with: client)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        XCTAssertEqual(try ShopOrderFixtures.stock("经济盒饭", client), stockBefore - 2, "stock taken with the order")
        XCTAssertEqual(ShopFixtures.total(try client.get("/shop/g101").document()), 0, "the cart was emptied")
        let order = try PaymentFixtures.press("confirm", on: provider, with: client)
        XCTAssertTrue(order.target.hasPrefix("/shop/orders/S"), order.target)
        let section = try XCTUnwrap(try order.document().node("//section[@data-order]"))
        XCTAssertEqual(section.attribute("data-status"), "paid")
        XCTAssertEqual(section.attribute("data-train"), "G101")
        XCTAssertNotNil(section.attribute("data-seat"))
        XCTAssertEqual(try PaymentFixtures.payments(client).last?.status, "paid")
        XCTAssertEqual(try PaymentFixtures.payments(client).last?.amountFen, 3000)
    }

    func testUnpaidTicketIsListedAsNotEligibleAndRefused() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(pay: false, with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let page = try ShopOrderFixtures.checkoutPage(with: client)
        let document = try page.document()
        XCTAssertNil(document.node("//input[@name='ticket' and @value='\(ticketID)']"), "not offered")
        XCTAssertEqual(
            document.node("//ul[contains(@class,'checkout__ineligible')]/li[@data-ticket='\(ticketID)']")?.attribute("data-refusal"),
            "not_paid")
        let refused = try client.post(page.target, fields: [("csrf", try ShopFixtures.csrf(page)), ("ticket", String(ticketID))])
        XCTAssertEqual(refused.status, .unprocessableContent)
        XCTAssertEqual(try refused.document().text("//p[@role='alert']"), "该车票尚未支付。")
        XCTAssertEqual(try ShopOrderFixtures.orderCount(client), 0)
    }

    func testAnotherUsersTicketIsRefused() throws {
        let client = try ShopOrderFixtures.traveller()
        let theirs = try ShopOrderFixtures.ticket(with: client)
        let other = TestClient(application: client.application)
        var person = AccountFixtures.Person()
        person.account = "wang_wu"
        person.certificateNumber = AccountFixtures.residentID(sequence: "357")
        person.mobile = "13712345678"
        try AccountFixtures.register(person, with: other)
        try ShopOrderFixtures.fillCart(with: other)
        let page = try ShopOrderFixtures.checkoutPage(with: other)
        XCTAssertNil(try page.document().node("//li[@data-ticket='\(theirs)']"), "someone else's ticket is not listed")
        let refused = try other.post(page.target, fields: [("csrf", try ShopFixtures.csrf(page)), ("ticket", String(theirs))])
        XCTAssertEqual(refused.status, .unprocessableContent)
        XCTAssertEqual(try refused.document().text("//p[@role='alert']"), "请选择配送位置：此处列出的您本人的车票或地址。")
        XCTAssertEqual(try ShopOrderFixtures.orderCount(client), 0)
    }

    func testTrainTheShopDoesNotServeIsRefused() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(train: "G103", from: "甲城东", to: "乙城", with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let page = try ShopOrderFixtures.checkoutPage(with: client)
        XCTAssertEqual(try page.document().node("//li[@data-ticket='\(ticketID)']")?.attribute("data-refusal"), "train_not_served")
        let refused = try client.post(page.target, fields: [("csrf", try ShopFixtures.csrf(page)), ("ticket", String(ticketID))])
        XCTAssertEqual(refused.status, .unprocessableContent)
        XCTAssertEqual(try refused.document().text("//p[@role='alert']"), "本店不配送该车次。")
    }

    func testStationShopServesTrainsCallingThereWhileAboard() throws {
        let client = try ShopOrderFixtures.traveller()
        let through = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart("yicheng", "盐水鸭", quantity: 1, with: client)
        let page = try ShopOrderFixtures.checkoutPage("yicheng", with: client)
        XCTAssertNotNil(try page.document().node("//input[@name='ticket' and @value='\(through)']"), "G101 calls at 乙城 on the way")
        let provider = try ShopOrderFixtures.checkOut(page, ticket: through, with: client)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
    }

    func testWithinTwoHoursOfTheCutOffIsRefused() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let page = try ShopOrderFixtures.checkoutPage(with: client)
        try ShopOrderFixtures.moveG101Departure(secondsFromNow: 90 * 60, in: client.application)
        let refused = try ShopOrderFixtures.checkOut(page, ticket: ticketID, with: client)
        XCTAssertEqual(refused.status, .unprocessableContent)
        let document = try refused.document()
        XCTAssertEqual(document.text("//p[@role='alert']"), "该车次已截止订餐（列车到达供餐站前 2 小时截止）。")
        XCTAssertEqual(document.node("//li[@data-ticket='\(ticketID)']")?.attribute("data-refusal"), "too_late")
        XCTAssertEqual(try ShopOrderFixtures.orderCount(client), 0)
        XCTAssertEqual(try ShopOrderFixtures.stock("经济盒饭", client), 10, "no stock taken")
    }

    func testJustBeforeTheCutOffIsAccepted() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.moveG101Departure(secondsFromNow: 2 * 3600 + 300, in: client.application)
        try ShopOrderFixtures.fillCart(with: client)
        let provider = try ShopOrderFixtures.checkOut(try ShopOrderFixtures.checkoutPage(with: client), ticket: ticketID, with: client)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
    }

    func testEmptyCartIsRefused() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        let page = try client.get("/shop/g101/checkout")
        XCTAssertEqual(page.status, .ok)
        XCTAssertNil(try page.document().node("//form[@action='/shop/g101/checkout']"), "nothing to check out")
        XCTAssertNil(try client.get("/shop/g101").document().node("//a[@data-checkout]"), "no checkout button for an empty cart")
        let refused = try client.post(
            "/shop/g101/checkout",
            fields: [
                ("csrf", try ShopFixtures.csrf(client.get("/me/addresses"))),
                ("ticket", String(ticketID)),
            ])
        XCTAssertEqual(refused.status, .unprocessableContent)
        XCTAssertEqual(try refused.document().text("//p[@role='alert']"), "购物车是空的，请先添加商品。")
    }

    func testVisitorsAreAskedToLogInToCheckOut() throws {
        let client = try ShopFixtures.client()
        try ShopOrderFixtures.fillCart(with: client)
        let document = try client.get("/shop/g101").document()
        XCTAssertNil(document.node("//a[@data-checkout]"))
        let link = try XCTUnwrap(document.node("//a[@data-checkout-login]")?.attribute("href"))
        XCTAssertEqual(link, "/login?next=" + PercentEncoding.encode("/shop/g101/checkout"))
        let page = try client.get("/shop/g101/checkout")
        XCTAssertTrue(page.target.hasPrefix("/login?next="), page.target)
    }

    func testAddressDeliveryForASpecialtyShop() throws {
        let client = try ShopOrderFixtures.traveller()
        try ShopOrderFixtures.fillCart("tea", "龙井", quantity: 1, with: client)
        let empty = try ShopOrderFixtures.checkoutPage("tea", with: client)
        XCTAssertNotNil(try empty.document().node("//a[@href='/me/addresses/new']"), "a link to add an address")
        let refused = try ShopOrderFixtures.checkOut(empty, with: client)
        XCTAssertEqual(refused.status, .unprocessableContent)
        XCTAssertEqual(try refused.document().text("//p[@role='alert']"), "请选择配送位置：此处列出的您本人的车票或地址。")

        let form = try client.get("/me/addresses/new")
        var fields = try form.document().form(action: "/me/addresses")
        try fields.fill("recipient", "李雷")
        try fields.fill("phone", "13812345678")
        try fields.fill("province", "北京市")
        try fields.fill("city", "北京市")
        try fields.fill("district", "朝阳区")
        try fields.fill("detail", "建国路88号")
        _ = try client.submit(fields, from: form)
        let page = try ShopOrderFixtures.checkoutPage("tea", with: client)
        XCTAssertNotNil(try page.document().node("//select[@name='address']/option[@selected]"), "the default address is chosen")
        let forged = try client.post(page.target, fields: [("csrf", try ShopFixtures.csrf(page)), ("address", "99999")])
        XCTAssertEqual(forged.status, .unprocessableContent)
        let provider = try ShopOrderFixtures.checkOut(page, with: client)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        let order = try PaymentFixtures.press("confirm", on: provider, with: client)
        let section = try XCTUnwrap(try order.document().node("//section[@data-order]"))
        XCTAssertEqual(section.attribute("data-delivery"), "address")
        XCTAssertEqual(section.attribute("data-status"), "paid")
        XCTAssertTrue(section.text.contains("建国路88号"), section.text)
        XCTAssertEqual(try ShopOrderFixtures.stock("龙井", client), 1)
    }

    func testTwoCartsRacingForTheLastItemOneWins() throws {
        let client = try ShopOrderFixtures.traveller()
        let mine = try ShopOrderFixtures.ticket(with: client)
        let noodles = try ShopFixtures.productID("牛肉面", client)
        try ShopFixtures.setStock(1, of: noodles, client)
        try ShopOrderFixtures.fillCart("g101", "牛肉面", quantity: 1, with: client)
        let other = TestClient(application: client.application)
        var person = AccountFixtures.Person()
        person.account = "zhao_liu"
        person.certificateNumber = AccountFixtures.residentID(sequence: "468")
        person.gender = "female"
        person.mobile = "13612345678"
        try AccountFixtures.register(person, with: other)
        let theirs = try ShopOrderFixtures.ticket(with: other)
        try ShopOrderFixtures.fillCart("g101", "牛肉面", quantity: 1, with: other)
        try ShopOrderFixtures.fillCart("g101", "经济盒饭", quantity: 1, with: other)
        let myPage = try ShopOrderFixtures.checkoutPage(with: client)
        let theirPage = try ShopOrderFixtures.checkoutPage(with: other)

        let won = try ShopOrderFixtures.checkOut(myPage, ticket: mine, with: client)
        XCTAssertTrue(won.target.hasPrefix("/pay/"), won.target)
        let lost = try ShopOrderFixtures.checkOut(theirPage, ticket: theirs, with: other)
        XCTAssertEqual(lost.status, .unprocessableContent)
        XCTAssertEqual(try lost.document().text("//p[@role='alert']"), "牛肉面库存不足，请修改购物车中的数量。")
        XCTAssertEqual(try ShopOrderFixtures.orderCount(client), 1, "nothing created for the loser")
        XCTAssertEqual(try ShopOrderFixtures.stock("牛肉面", client), 0)
        XCTAssertEqual(try ShopOrderFixtures.stock("经济盒饭", client), 10, "the loser's other line rolled back too")
        XCTAssertEqual(ShopFixtures.quantity(noodles, try other.get("/shop/g101").document()), 1, "the loser keeps the cart")
    }

    func testBadInputIsRefused() throws {
        let client = try ShopOrderFixtures.traveller()
        try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let page = try ShopOrderFixtures.checkoutPage(with: client)
        let csrf = try ShopFixtures.csrf(page)
        for value in ["", "abc", "-1", "99999999999999999999", "1 OR 1=1"] {
            let refused = try client.post(page.target, fields: [("csrf", csrf), ("ticket", value)])
            XCTAssertEqual(refused.status, .unprocessableContent, value)
            XCTAssertNotNil(try refused.document().node("//p[@role='alert']"))
        }
        XCTAssertEqual(try client.get("/shop/no-such-shop/checkout").status, .notFound)
        XCTAssertEqual(try client.post("/shop/no-such-shop/checkout", fields: [("csrf", csrf)]).status, .notFound)
        XCTAssertEqual(try client.post(page.target, fields: [("ticket", "1")]).status, .forbidden, "no CSRF token")
        XCTAssertEqual(try ShopOrderFixtures.orderCount(client), 0)
    }
}
