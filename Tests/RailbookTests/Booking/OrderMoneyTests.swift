import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The order page accounts for the money: every payment, refund and fee is a line, the lines add
/// up to the balance (what the traveller has paid net), which the page and the orders list give as
/// what the order comes to, with what was refunded.
final class OrderMoneyTests: XCTestCase {
    func testPaymentsRefundsAndFeesAddUpToWhatThePaymentsAndRefundsHold() throws {
        let client = try BookingFixtures.traveller()
        let companion = try BookingFixtures.addPassenger("韩梅梅", sequence: "246", with: client)
        let holder = try BookingFixtures.holderID(client)
        let page = try BookingFixtures.bookPage(date: ChinaTime.today().adding(days: 3), with: client)
        let booked = try BookingFixtures.book(page, passengers: [holder, companion], with: client)
        let paidOrder = try PaymentFixtures.press("confirm", on: try PaymentFixtures.openProvider(booked, with: client), with: client)
        let tickets = try paidOrder.document().nodes("//li[@data-ticket]").compactMap { $0.attribute("data-ticket") }
        XCTAssertEqual(tickets.count, 2)

        // The companion's ticket to first class on the same train: ¥168 more, paid through Railbook Pay.
        let list = try client.get("/tickets/\(tickets[1])/change").document()
        let offer = try XCTUnwrap(list.node("//li[@data-train='G101']//li[@data-class='first']//a")?.attribute("href"))
        let confirm = try client.get(offer)
        let provider = try client.submit(try confirm.document().form(action: "/tickets/\(tickets[1])/change"), from: confirm)
        XCTAssertTrue(try provider.document().text("//dd[@data-item]")?.hasPrefix("改签费用：G101") ?? false)
        _ = try PaymentFixtures.press("confirm", on: provider, with: client)
        // The holder's ticket refunded three days ahead: 5% fee.
        let refund = try client.get("/tickets/\(tickets[0])/refund")
        let done = try client.submit(try refund.document().form(action: "/tickets/\(tickets[0])/refund"), from: refund)

        let document = try done.document()
        let lines = document.nodes("//ol[@class='money-lines']/li[@data-money]")
        let kinds = lines.compactMap { $0.attribute("data-money") }
        XCTAssertEqual(kinds, ["payment", "payment", "refund", "fee"])
        let amounts = lines.compactMap { Int($0.attribute("data-amount") ?? "") }
        XCTAssertEqual(amounts, [55_200, 16_800, -27_600, 1_400])
        XCTAssertTrue(lines.allSatisfy { $0.nodes(".//time[@datetime]").count == 1 }, "each line says when")
        XCTAssertEqual(lines.map { $0.nodes(".//strong").first?.text ?? "" }, ["+¥552", "+¥168", "-¥276", "+¥14"])
        let balance = try XCTUnwrap(Int(document.node("//*[@data-balance]")?.attribute("data-balance") ?? ""))
        XCTAssertEqual(balance, amounts.reduce(0, +))
        let (paid, refunded) = try client.application.database.read { db in
            (
                try db.queryOne("SELECT SUM(amount_fen) AS n FROM payments WHERE status IN ('paid', 'refunded')")!.int("n"),
                try db.queryOne("SELECT SUM(amount_fen) AS n FROM refunds")!.int("n")
            )
        }
        XCTAssertEqual(balance, paid - refunded)
        XCTAssertEqual(document.text("//p[@class='order__total']/strong"), "¥458", "the balance: ¥552 and ¥168 paid, ¥262 back")
        XCTAssertEqual(document.text("//p[@class='order__total']/span[@data-refunded]"), "已退款 ¥262")
        let number = String(done.target.dropFirst("/orders/".count).prefix { $0 != "?" })
        XCTAssertEqual(
            try client.get("/orders?tab=upcoming").document().text("//li[@data-order='\(number)']//strong[@class='order-row__total']"),
            "¥458", "the orders list agrees")
    }
}
