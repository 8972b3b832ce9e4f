import Foundation
import HTMLTesting
import HTTP
import Locking
import Railbook
import XCTest

/// Invoice numbers across servers: two `railbook serve` processes on one PostgreSQL database
/// issue invoices at the same moment, and the numbers still run 1, 2, 3… without a gap or a repeat.
final class InvoiceServersTests: XCTestCase {
    func testTwoServersIssuingAtOnceGiveDistinctNumbersWithoutGaps() throws {
        try XCTSkipUnless(
            TestDatabase.dialect == .postgresql, "several servers share one database on PostgreSQL only; run with RAILBOOK_TEST_DATABASE=postgresql")
        let servers = try ServerProcess.startTogether(2, on: try TestDatabase.newLocation())
        let client = servers[0].client()
        XCTAssertEqual(try AccountFixtures.register(with: client).target, "/me")
        let buyers = try client.get("/me/invoice-buyers")
        var buyer = try buyers.document().form(action: "/me/invoice-buyers")
        try buyer.fill("kind", "company")
        try buyer.fill("name", "北京铁路科技有限公司")
        try buyer.fill("credit_code", "91350100M000100Y43")
        _ = try client.submit(buyer, from: buyers)

        // Four tickets bought and refunded, each keeping a fee to invoice.
        var tickets: [Int64] = []
        for _ in 0..<4 {
            let order = try ProcessJourneys.book(try ProcessJourneys.offer(try ProcessJourneys.results(with: client)), with: client)
            let paid = try ProcessJourneys.pay(order, with: client)
            let id = try XCTUnwrap(Int64(try paid.document().node("//li[@data-ticket]")?.attribute("data-ticket") ?? ""))
            let refund = try client.get("/tickets/\(id)/refund")
            _ = try client.submit(try refund.document().form(action: "/tickets/\(id)/refund"), from: refund)
            tickets.append(id)
        }

        // Each asked for on the two servers at once.
        nonisolated(unsafe) let forms = try tickets.enumerated().map { index, id -> (TestClient, HTMLForm, TestResponse) in
            let browser = servers[index % 2].client(like: client)
            let page = try browser.get("/tickets/\(id)/invoice")
            return (browser, try page.document().form(action: "/tickets/\(id)/invoice"), page)
        }
        let numbers = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: forms.count) { index in
            let (browser, form, page) = forms[index]
            if let answer = try? browser.submit(form, from: page), let number = try? answer.document().text("//*[@data-number]") {
                numbers.withLock { $0.append(number) }
            }
        }
        let year = ChinaTime.today().year
        XCTAssertEqual(numbers.withLock { $0 }.sorted(), (1...4).map { "\(year)0000000\($0)" })
    }
}
