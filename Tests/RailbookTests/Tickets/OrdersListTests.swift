import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

final class OrdersListTests: XCTestCase {
    func testANewTravellerSeesTheEmptyUpcomingTab() throws {
        let client = try BookingFixtures.traveller()
        let document = try client.get("/orders").document()
        XCTAssertEqual(document.node("//section[@data-tab]")?.attribute("data-tab"), "upcoming")
        XCTAssertEqual(document.node("//nav[@class='order-tabs']//a[@aria-current='page']")?.attribute("data-tab"), "upcoming")
        XCTAssertEqual(document.count("//li[@data-order]"), 0)
        XCTAssertEqual(document.text("//p[@class='empty']")?.hasPrefix("您没有未出行的行程。"), true)
        XCTAssertEqual(document.count("//nav[@class='pager']"), 0)
    }

    func testAnUnpaidOrderOpensTheUnpaidTabAndMovesToUpcomingOncePaid() throws {
        let client = try BookingFixtures.traveller()
        let number = try TicketFixtures.bookOrder(with: client)
        let unpaid = try client.get("/orders").document()
        XCTAssertEqual(unpaid.node("//section[@data-tab]")?.attribute("data-tab"), "unpaid")
        XCTAssertEqual(unpaid.node("//a[@data-tab='unpaid']")?.attribute("data-count"), "1")
        let row = try XCTUnwrap(unpaid.node("//li[@data-order='\(number)']"))
        XCTAssertEqual(row.attribute("data-status"), "unpaid")
        XCTAssertEqual(row.attribute("data-train"), "G101")
        XCTAssertEqual(row.attribute("data-date"), TicketFixtures.tomorrow.description)
        XCTAssertEqual(row.attribute("data-passengers"), "1")
        XCTAssertEqual(row.node(".//a[@href='/orders/\(number)']")?.text, number)
        XCTAssertEqual(row.text(".//span[contains(@class,'order-row__status')]"), "待支付")
        XCTAssertTrue(row.text(".//p[@class='order-row__trip']")?.contains("甲城 → 丙城") ?? false)
        XCTAssertTrue(row.text(".//p[@class='order-row__trip']")?.contains("08:00") ?? false)
        XCTAssertEqual(row.text(".//strong[@class='order-row__total']"), "¥276")
        XCTAssertEqual(row.text(".//p[@class='order-row__meta']/span"), "1 位乘车人")

        try TicketFixtures.markPaid(number, in: client.application)
        let paid = try client.get("/orders").document()
        XCTAssertEqual(paid.node("//section[@data-tab]")?.attribute("data-tab"), "upcoming")
        XCTAssertEqual(paid.node("//li[@data-order='\(number)']")?.attribute("data-status"), "paid")
        XCTAssertEqual(paid.node("//a[@data-tab='unpaid']")?.attribute("data-count"), "0")
        let emptyUnpaid = try client.get("/orders?tab=unpaid").document()
        XCTAssertEqual(emptyUnpaid.count("//li[@data-order]"), 0)
        XCTAssertEqual(emptyUnpaid.text("//p[@class='empty']")?.hasPrefix("没有待支付的订单。"), true)
    }

    func testHistoryHoldsCancelledAndTravelledOrdersNewestFirst() throws {
        let client = try BookingFixtures.traveller()
        let cancelled = try TicketFixtures.bookOrder(with: client)
        let orderPage = try client.get("/orders/" + cancelled)
        _ = try client.submit(try orderPage.document().form(action: "/orders/\(cancelled)/cancel"), from: orderPage)
        client.application.wait(seconds: 60)
        let travelled = try TicketFixtures.bookOrder(with: client)
        try TicketFixtures.markPaid(travelled, in: client.application)
        try TicketFixtures.waitUntilTravelled(travelled, with: client)

        let history = try client.get("/orders?tab=history").document()
        XCTAssertEqual(history.nodes("//li[@data-order]").map { $0.attribute("data-order") ?? "" }, [travelled, cancelled])
        XCTAssertEqual(history.nodes("//li[@data-order]").map { $0.attribute("data-status") ?? "" }, ["paid", "cancelled"])
        let upcoming = try client.get("/orders").document()
        XCTAssertEqual(upcoming.node("//section[@data-tab]")?.attribute("data-tab"), "upcoming", "nothing unpaid: upcoming")
        XCTAssertEqual(upcoming.count("//li[@data-order]"), 0)
        XCTAssertEqual(upcoming.node("//a[@data-tab='history']")?.attribute("data-count"), "2")
    }

    func testAnOrderWithOneOfTwoTicketsRefundedShowsTheSameAmountsOnTheListAndTheOrderPage() throws {
        let client = try BookingFixtures.traveller()
        let companion = try BookingFixtures.addPassenger("韩梅梅", sequence: "246", with: client)
        let page = try BookingFixtures.bookPage(date: ChinaTime.today().adding(days: 3), with: client)
        let booked = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(client), companion], with: client)
        let unpaidRow = try XCTUnwrap(try client.get("/orders?tab=unpaid").document().node("//li[@data-order]"))
        XCTAssertEqual(unpaidRow.text(".//span[@class='order-row__amount']"), "合计： ¥552", "unpaid: what its tickets cost")
        XCTAssertEqual(try booked.document().text("//p[@class='order__total']"), "合计： ¥552")
        let paid = try PaymentFixtures.press("confirm", on: try PaymentFixtures.openProvider(booked, with: client), with: client)
        let number = try XCTUnwrap(try paid.document().node("//section[@data-order]")?.attribute("data-order"))
        let ticket = try XCTUnwrap(try paid.document().node("//li[@data-ticket]")?.attribute("data-ticket"))
        // Refunded three days ahead: ¥276 less the 5% fee, ¥14, comes back.
        let refund = try client.get("/tickets/\(ticket)/refund")
        let orderPage = try client.submit(try refund.document().form(action: "/tickets/\(ticket)/refund"), from: refund).document()

        let total = try XCTUnwrap(orderPage.node("//p[@class='order__total']"))
        XCTAssertEqual(total.text("./strong"), "¥290", "paid ¥552, ¥262 back")
        XCTAssertEqual(total.text, "实付净额： ¥290 已退款 ¥262")
        XCTAssertEqual(total.node("./span[@data-refunded]")?.attribute("data-refunded"), "26200")
        XCTAssertEqual(orderPage.node("//*[@data-balance]")?.attribute("data-balance"), "29000", "the payments and refunds agree")
        let row = try XCTUnwrap(try client.get("/orders").document().node("//li[@data-order='\(number)']"))
        XCTAssertEqual(row.text(".//strong[@class='order-row__total']"), total.text("./strong"), "one order, one sum")
        XCTAssertEqual(row.text(".//span[@class='order-row__amount']"), total.text)

        _ = try client.get("/language/en?back=/")
        let english = try client.get("/orders").document()
        XCTAssertEqual(english.text("//li[@data-order='\(number)']//span[@class='order-row__amount']"), "Paid net: ¥290 refunded ¥262")
        XCTAssertEqual(try client.get("/orders/\(number)").document().text("//p[@class='order__total']"), "Paid net: ¥290 refunded ¥262")
    }

    func testTenOrdersAPageWithPreviousAndNextLinks() throws {
        let client = try BookingFixtures.traveller()
        var numbers: [String] = []
        for day in 1...11 {
            // One unpaid order at a time: each is paid before the next is booked.
            numbers.append(try TicketFixtures.bookOrder(date: ChinaTime.today().adding(days: day), with: client))
            try TicketFixtures.markPaid(numbers[numbers.count - 1], in: client.application)
        }
        let first = try client.get("/orders").document()
        XCTAssertEqual(first.node("//section[@data-tab]")?.attribute("data-tab"), "upcoming")
        XCTAssertEqual(first.nodes("//li[@data-order]").map { $0.attribute("data-order") ?? "" }, Array(numbers.reversed().prefix(10)))
        XCTAssertNil(first.node("//nav[@class='pager']//a[@rel='prev']"))
        XCTAssertEqual(first.text("//span[@class='pager__position']"), "第 1 页，共 2 页")
        let next = try XCTUnwrap(first.node("//nav[@class='pager']//a[@rel='next']")?.attribute("href"))
        XCTAssertEqual(next, "/orders?tab=upcoming&page=2")

        let second = try client.get(next).document()
        XCTAssertEqual(second.nodes("//li[@data-order]").map { $0.attribute("data-order") ?? "" }, [numbers[0]])
        XCTAssertNil(second.node("//nav[@class='pager']//a[@rel='next']"))
        XCTAssertEqual(second.node("//nav[@class='pager']//a[@rel='prev']")?.attribute("href"), "/orders?tab=upcoming")
    }

    func testBadTabAndPageValuesFallBackToTheDefaults() throws {
        let client = try BookingFixtures.traveller()
        let number = try TicketFixtures.bookOrder(with: client)
        for query in [
            "tab=bogus", "tab=", "tab=UNPAID", "page=abc", "page=0", "page=-1", "page=2", "page=99999999999999999999999",
            "tab=unpaid&page=1.5", "tab[]=history&page[]=2", "tab=history&tab=upcoming&page=%20",
        ] {
            let response = try client.get("/orders?" + query)
            XCTAssertEqual(response.status, .ok, query)
            let document = try response.document()
            if query.hasPrefix("tab=history") {
                XCTAssertEqual(document.node("//section[@data-tab]")?.attribute("data-tab"), "history", query)
                continue
            }
            XCTAssertEqual(document.node("//section[@data-tab]")?.attribute("data-tab"), "unpaid", query)
            XCTAssertEqual(document.node("//li[@data-order]")?.attribute("data-order"), number, query)
        }
    }

    func testVisitorsAreSentToLoginAndMembersFindTheLinks() throws {
        let client = try TimetableFixtures.client()
        let visitor = try client.get("/orders?tab=history")
        XCTAssertEqual(visitor.target, "/login?next=" + PercentEncoding.encode("/orders?tab=history"))
        XCTAssertNil(try client.get("/").document().node("//nav[@class='site-nav']//a[@href='/orders']"))
        try AccountFixtures.register(with: client)
        XCTAssertEqual(try client.get("/").document().text("//nav[@class='site-nav']//a[@href='/orders']"), "我的订单")
        XCTAssertNotNil(try client.get("/me").document().node("//ul[@class='hub-tiles']//a[@href='/orders']"))
    }
}
