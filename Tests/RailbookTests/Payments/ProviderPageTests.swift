import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// Railbook Pay names who is paid and for what, and never takes money for something that can no
/// longer be paid.
final class ProviderPageTests: XCTestCase {
    private func merchant(_ provider: TestResponse) throws -> (merchant: String?, item: String?) {
        let document = try provider.document()
        return (document.text("//dd[@data-merchant]"), document.text("//dd[@data-item]"))
    }

    func testTheProviderPageNamesTheMerchantAndWhatIsPaidFor() throws {
        let client = try ShopOrderFixtures.traveller()
        let order = try BookingFixtures.book(
            try BookingFixtures.bookPage(with: client), passengers: [try BookingFixtures.holderID(client)],
            with: client)
        let provider = try PaymentFixtures.openProvider(order, with: client)
        let ticketPay = try merchant(provider)
        XCTAssertEqual(ticketPay.merchant, "Railbook 铁路购票")
        let tomorrow = ChinaTime.today().adding(days: 1)
        XCTAssertEqual(ticketPay.item, "火车票 G101 \(tomorrow.month)月\(tomorrow.day)日 甲城 → 丙城")
        let paidOrder = try PaymentFixtures.press("confirm", on: provider, with: client)
        let paid = try XCTUnwrap(Int64(try paidOrder.document().node("//li[@data-ticket]")?.attribute("data-ticket") ?? ""))

        try ShopOrderFixtures.fillCart(with: client)
        let shopPay = try ShopOrderFixtures.checkOut(try ShopOrderFixtures.checkoutPage(with: client), ticket: paid, with: client)
        XCTAssertEqual(try merchant(shopPay).merchant, "G101 次列车餐车")
        XCTAssertEqual(try merchant(shopPay).item, "商城订单：2 件商品")
    }

    func testTheWaitlistPrepaymentNamesTheWaitlist() throws {
        let booker = try BookingFixtures.traveller()
        _ = try WaitlistFixtures.sellOutAround(seats: 1, booker: booker)
        let waiter = try WaitlistFixtures.member("wang_fang", name: "王芳", sequence: "611", mobile: "13700001111", on: booker.application)
        let provider = try WaitlistFixtures.join(try WaitlistFixtures.waitlistPage(with: waiter), with: waiter)
        let tomorrow = ChinaTime.today().adding(days: 1)
        XCTAssertEqual(try merchant(provider).merchant, "Railbook 铁路购票")
        XCTAssertEqual(try merchant(provider).item, "候补 G101 \(tomorrow.month)月\(tomorrow.day)日 甲城 → 丙城 二等座")
    }

    func testACancelledOrdersPaymentIsRefusedWithoutTakingMoney() throws {
        let (client, order) = try PaymentFixtures.bookedOrder()
        let provider = try PaymentFixtures.openProvider(order, with: client)
        let csrf = try XCTUnwrap(try provider.document().form(action: provider.target + "/confirm").value("csrf"))
        let cancelled = try WaitlistFixtures.cancel(order, with: client)
        XCTAssertEqual(try PaymentFixtures.statuses(cancelled).order, "cancelled")

        let again = try client.get(provider.target)
        let document = try again.document()
        XCTAssertNil(document.node("//form[@action='\(provider.target)/confirm']"), "no confirm button")
        XCTAssertEqual(document.text("//p[@role='alert']"), "该订单已取消或已过支付期限，无法再支付，未扣款。")
        XCTAssertNotNil(document.node("//a[@href='\(order.target)']"), "a link back to the order")

        let refused = try client.post(provider.target + "/confirm", fields: [("csrf", csrf)])
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(try refused.document().text("//p[@role='alert']"), "该订单已取消或已过支付期限，无法再支付，未扣款。")
        XCTAssertEqual(try PaymentFixtures.payments(client).map(\.status), ["cancelled"], "nothing charged")
        XCTAssertTrue(try PaymentFixtures.refunds(client).isEmpty, "nothing to refund")
    }
}
