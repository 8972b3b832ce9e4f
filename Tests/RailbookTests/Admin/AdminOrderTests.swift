import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// Staff open the order a complaint is about: `/admin/orders/:number`, a read-only page of a
/// ticket order (its tickets, payments and refunds) or a shop order, for administrators only.
final class AdminOrderTests: XCTestCase {
    /// Files a complaint about order `orderNumber` as `client` would; returns the complaint's number.
    private func complain(about orderNumber: String, category: String = "refund", with client: TestClient) throws -> String {
        let page = try client.get("/complaints/new?order=" + orderNumber)
        var form = try page.document().form(action: "/complaints")
        XCTAssertEqual(form.value("order"), orderNumber)
        try form.fill("category", category)
        try form.fill("text", "退票手续费收得不对，请核实。")
        let filed = try client.submit(form, from: page)
        let path = try XCTUnwrap(filed.target.split(separator: "?").first)
        return String(try XCTUnwrap(path.split(separator: "/").last))
    }

    /// 李雷 books himself and 韩梅梅 three days ahead, pays through Railbook Pay and refunds his own
    /// ticket (5% fee); returns the order's number and the two tickets' ids (his first).
    private func paidOrderWithARefund(_ traveller: TestClient) throws -> (number: String, tickets: [String]) {
        let companion = try BookingFixtures.addPassenger("韩梅梅", sequence: "246", with: traveller)
        let page = try BookingFixtures.bookPage(date: ChinaTime.today().adding(days: 3), with: traveller)
        let booked = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(traveller), companion], with: traveller)
        let paid = try PaymentFixtures.press("confirm", on: try PaymentFixtures.openProvider(booked, with: traveller), with: traveller)
        let tickets = try paid.document().nodes("//li[@data-ticket]").compactMap { $0.attribute("data-ticket") }
        XCTAssertEqual(tickets.count, 2)
        let refund = try traveller.get("/tickets/\(tickets[0])/refund")
        _ = try traveller.submit(try refund.document().form(action: "/tickets/\(tickets[0])/refund"), from: refund)
        return (String(booked.target.dropFirst("/orders/".count).prefix { $0 != "?" }), tickets)
    }

    func testStaffFollowAComplaintToItsOrderWithTicketsPaymentsAndRefunds() throws {
        let traveller = try BookingFixtures.traveller()
        let admin = try ShopOrderFixtures.admin(of: traveller)
        let (number, tickets) = try paidOrderWithARefund(traveller)
        let complaint = try complain(about: number, with: traveller)

        let queue = try admin.get("/admin/complaints").document()
        XCTAssertEqual(queue.node("//tr[@data-complaint='\(complaint)']//a[.='\(number)']")?.attribute("href"), "/admin/orders/" + number)
        let thread = try admin.get("/complaints/" + complaint).document()
        let link = try XCTUnwrap(thread.node("//dd/a[.='\(number)']")?.attribute("href"))
        XCTAssertEqual(link, "/admin/orders/" + number, "staff are sent to the back office's page of the order")
        let response = try admin.get(link)
        XCTAssertEqual(response.status, .ok)
        let page = try response.document()
        let section = try XCTUnwrap(page.node("//section[@data-order='\(number)']"))
        XCTAssertEqual(section.attribute("data-status"), "paid")
        XCTAssertEqual(page.node("//*[@data-customer]")?.attribute("data-customer"), "li_lei")
        XCTAssertTrue(page.text("//*[@data-customer]")?.contains("李雷") ?? false)
        XCTAssertEqual(page.nodes("//li[@data-ticket]").compactMap { $0.attribute("data-ticket") }, tickets)
        XCTAssertEqual(page.nodes("//li[@data-ticket]").compactMap { $0.attribute("data-status") }, ["refunded", "issued"])
        XCTAssertTrue(page.text("//li[@data-ticket='\(tickets[0])']")?.contains("退票费 ¥14") ?? false)
        let lines = page.nodes("//ol[@class='money-lines']/li[@data-money]")
        XCTAssertEqual(lines.compactMap { $0.attribute("data-money") }, ["payment", "refund", "fee"])
        XCTAssertEqual(lines.compactMap { Int($0.attribute("data-amount") ?? "") }, [55_200, -27_600, 1_400])
        XCTAssertEqual(page.node("//*[@data-balance]")?.attribute("data-balance"), "29000")
        let payments = page.nodes("//tr[@data-payment]")
        XCTAssertEqual(payments.count, 1)
        let reference = try admin.application.database.read { try $0.queryOne("SELECT reference FROM payments")!.string("reference") }
        XCTAssertEqual(payments.first?.attribute("data-payment"), reference)
        XCTAssertEqual(payments.first?.attribute("data-status"), "paid")
        XCTAssertEqual(payments.first?.attribute("data-purpose"), "ticket_order")
        XCTAssertEqual(
            page.node("//li[@data-complaint='\(complaint)']/a")?.attribute("href"), "/complaints/" + complaint,
            "and back to the complaint")
        XCTAssertEqual(page.count("//main//form"), 0, "read-only: nothing to pay, cancel, refund or change")
        XCTAssertNil(page.node("//main//a[contains(@href,'/tickets/')]"))

        let customerThread = try traveller.get("/complaints/" + complaint).document()
        XCTAssertEqual(customerThread.node("//dd/a[.='\(number)']")?.attribute("href"), "/orders/" + number, "the customer keeps their own page")
    }

    func testOnlyAdministratorsOpenAnOrderInTheBackOffice() throws {
        let traveller = try BookingFixtures.traveller()
        let admin = try ShopOrderFixtures.admin(of: traveller)
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: traveller), with: traveller)
        let number = String(order.target.dropFirst("/orders/".count).prefix { $0 != "?" })
        try AdminFixtures.assertAdminOnly("/admin/orders/" + number, admin: admin)
        XCTAssertEqual(try traveller.get("/admin/orders/" + number).status, .notFound, "not even the order's own traveller")
        XCTAssertEqual(try traveller.get("/orders/" + number).status, .ok)
        XCTAssertEqual(
            try AdminFixtures.user(on: admin.application).get("/orders/" + number).status, .notFound,
            "travellers still see only their own orders")
        XCTAssertEqual(try admin.get("/orders/" + number).status, .notFound, "the traveller's page stays the traveller's")
        for unknown in ["E000000000", "S0000000000", String(repeating: "E", count: 300), "%27%20OR%201%3D1"] {
            let response = try admin.get("/admin/orders/" + unknown)
            XCTAssertEqual(response.status, .notFound, unknown)
            _ = try response.document()
        }
        let unpaid = try admin.get("/admin/orders/" + number).document()
        XCTAssertEqual(unpaid.node("//section[@data-order]")?.attribute("data-status"), "unpaid")
        XCTAssertEqual(unpaid.count("//tr[@data-payment]"), 0)
        XCTAssertNotNil(unpaid.node("//p[@data-no-payments]"))
    }

    func testAComplaintAboutAShopOrderLeadsStaffToTheShopOrder() throws {
        let traveller = try ShopOrderFixtures.traveller()
        let admin = try ShopOrderFixtures.admin(of: traveller)
        let ticket = try ShopOrderFixtures.ticket(with: traveller)
        try ShopOrderFixtures.fillCart(with: traveller)
        let order = try ShopOrderFixtures.paidOrder(ticket: ticket, with: traveller)
        let number = ShopOrderFixtures.number(order)
        let complaint = try complain(about: number, category: "food", with: traveller)

        let thread = try admin.get("/complaints/" + complaint).document()
        let link = try XCTUnwrap(thread.node("//dd/a[.='\(number)']")?.attribute("href"))
        XCTAssertEqual(link, "/admin/orders/" + number)
        let response = try admin.get(link)
        XCTAssertEqual(response.status, .ok)
        let page = try response.document()
        let section = try XCTUnwrap(page.node("//section[@data-order='\(number)']"))
        XCTAssertEqual(section.attribute("data-status"), "paid")
        XCTAssertEqual(section.attribute("data-delivery"), "seat")
        XCTAssertEqual(page.node("//*[@data-customer]")?.attribute("data-customer"), "li_lei")
        XCTAssertEqual(page.node("//li[@data-product]")?.attribute("data-quantity"), "2")
        XCTAssertEqual(page.node("//tr[@data-payment]")?.attribute("data-purpose"), "shop_order")
        XCTAssertEqual(page.node("//tr[@data-payment]")?.attribute("data-status"), "paid")
        XCTAssertEqual(page.node("//li[@data-complaint='\(complaint)']/a")?.attribute("href"), "/complaints/" + complaint)
        XCTAssertEqual(page.count("//main//form"), 0, "read-only")
        XCTAssertEqual(try traveller.get("/admin/orders/" + number).status, .notFound)
    }

    func testTheOrderPageIsInEnglishOnEnglishPages() throws {
        let traveller = try BookingFixtures.traveller()
        let admin = try ShopOrderFixtures.admin(of: traveller)
        let (number, _) = try paidOrderWithARefund(traveller)
        _ = try admin.get("/language/en?back=/admin")
        let page = try admin.get("/admin/orders/" + number).document()
        XCTAssertEqual(page.node("/html")?.attribute("lang"), "en")
        XCTAssertEqual(page.text("//h1"), "Order \(number)")
        XCTAssertNil(page.node("//main//*[contains(text(),'订单')]"), "no Chinese copy left")
    }
}
