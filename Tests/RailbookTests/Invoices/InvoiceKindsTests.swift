import Foundation
import HTMLTesting
import HTTP
import Locking
import Storage
import XCTest

@testable import Railbook

/// Receipts of shop orders, red-letter invoices for money refunded after an invoice, the back
/// office's list, and invoices mailed with their PDF.
final class InvoiceKindsTests: XCTestCase {
    /// Adds the buyer 李雷 (a person) on `client`.
    private func addBuyer(with client: TestClient) throws {
        let page = try client.get("/me/invoice-buyers")
        var form = try page.document().form(action: "/me/invoice-buyers")
        try form.fill("kind", "person")
        try form.fill("name", "李雷")
        _ = try client.submit(form, from: page)
    }

    private func ask(_ path: String, with client: TestClient) throws -> TestResponse {
        let page = try client.get(path)
        return try client.submit(try page.document().form(action: path), from: page)
    }

    func testADeliveredShopOrderGetsAReceipt() throws {
        let client = try ShopOrderFixtures.traveller()
        try addBuyer(with: client)
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(with: client)
        let order = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: client)
        let number = ShopOrderFixtures.number(order)
        XCTAssertNil(try client.get("/shop/orders/" + number).document().node("//a[@data-receipt]"), "no receipt before delivery")
        XCTAssertNotNil(try client.get("/shop/orders/\(number)/receipt").document().node("//*[@data-refusal]"))

        let admin = try ShopOrderFixtures.admin(of: client)
        let desk = try admin.get("/shop/merchant")
        _ = try admin.submit(try desk.document().form(action: "/shop/orders/\(number)/accept"), from: desk)
        try ShopOrderFixtures.moveG101Departure(secondsFromNow: -60, in: client.application)
        let departed = try admin.get("/shop/merchant")
        _ = try admin.submit(try departed.document().form(action: "/shop/orders/\(number)/deliver"), from: departed)

        let link = try XCTUnwrap(try client.get("/shop/orders/" + number).document().node("//a[@data-receipt]")?.attribute("href"))
        let receipt = try ask(link, with: client).document()
        XCTAssertEqual(receipt.node("//section[@data-invoice]")?.attribute("data-kind"), "receipt")
        XCTAssertTrue((receipt.text("//dd[@data-description]") ?? "").contains("经济盒饭 × 2"))
        let total = try XCTUnwrap(
            try client.application.database.read { try $0.queryOne("SELECT total_fen FROM shop_orders WHERE number = ?", [number]) }?.int("total_fen")
        )
        XCTAssertEqual(receipt.text("//dd[@data-amount]"), Money.format(total))
        XCTAssertEqual(try client.get(link).target, try client.get("/shop/orders/\(number)/receipt").target, "asked again: the one issued")
    }

    func testMoneyRefundedAfterAnInvoiceIsTakenBackByARedLetterInvoice() throws {
        let client = try BookingFixtures.traveller()
        try addBuyer(with: client)
        let paid = try RefundFixtures.paidTicket(with: client)
        let ticket = try RefundFixtures.ticket(paid.ticketID, in: client.application)
        try client.keepBrowsing("/", until: ticket.arrivesAt + 60)
        let original = try ask("/tickets/\(paid.ticketID)/invoice", with: client)
        let originalNumber = try XCTUnwrap(try original.document().text("//*[@data-number]"))

        // Money goes back for the ticket after its invoice (a compensation for a late train, say).
        let application = client.application, now = application.clock.now()
        try application.database.write { db in
            try Outbox.record([TicketRefunded(ticketID: paid.ticketID, orderID: ticket.orderID, refundedFen: 5_000)], now: now, in: db)
        }
        let cancellation = try XCTUnwrap(
            try application.database.read { db in
                let invoiced = try XCTUnwrap(try Invoice.find(kind: .ticket, subject: Invoice.subject(ticketID: paid.ticketID), in: db))
                return try Invoice.find(kind: .cancellation, subject: "cancel:\(invoiced.id)", in: db)
            })
        let page = try client.get("/invoices/\(cancellation.id)").document()
        XCTAssertEqual(page.node("//section[@data-invoice]")?.attribute("data-kind"), "cancellation")
        XCTAssertEqual(page.node("//dd[@data-cancels]")?.attribute("data-cancels"), originalNumber, "linked to the original")
        XCTAssertEqual(page.text("//dd[@data-amount]"), "-¥50")
        XCTAssertEqual(cancellation.taxFen, -413, "the tax inside ¥50 at 9 %, taken back")
        XCTAssertEqual(cancellation.number, String(Int(originalNumber)! + 1), "the next number")
    }

    func testTwoSubmissionsAtOnceIssueOneInvoice() throws {
        let client = try BookingFixtures.traveller()
        try addBuyer(with: client)
        let paid = try RefundFixtures.paidTicket(with: client)
        try client.keepBrowsing("/", until: try RefundFixtures.ticket(paid.ticketID, in: client.application).arrivesAt + 60)
        nonisolated(unsafe) let page = try client.get("/tickets/\(paid.ticketID)/invoice")
        nonisolated(unsafe) let form = try page.document().form(action: "/tickets/\(paid.ticketID)/invoice")
        nonisolated(unsafe) let browsers = (0..<4).map { _ in
            let browser = TestClient(application: client.application)
            browser.cookies = client.cookies
            return browser
        }
        let targets = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: browsers.count) { index in
            if let answer = try? browsers[index].submit(form, from: page) { targets.withLock { $0.append(answer.target) } }
        }
        XCTAssertEqual(targets.withLock { $0 }.count, 4, "every submission answered")
        XCTAssertEqual(Set(targets.withLock { $0 }).count, 1, "all of them the same invoice")
        XCTAssertEqual(try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM invoices")?.int("n") }, 1)
    }

    func testNegativeAmountsStayNumbersInTheCSV() {
        XCTAssertEqual(String(decoding: CSVLine(["-50", "-12.34", "-=1+2", "-"]).utf8, as: UTF8.self), "-50,-12.34,'-=1+2,'-")
    }

    func testAdministratorsListInvoicesByDayAndNumberAndInvoicesAreMailedWithTheirPDF() throws {
        let client = try BookingFixtures.traveller()
        try addBuyer(with: client)
        try AccountFixtures.askForAddress("li@example.com", with: client)
        try AccountFixtures.confirmAddress(token: try QueuedMail.latestToken("address_confirmation", on: client), with: client)
        let paid = try RefundFixtures.paidTicket(with: client)
        let ticket = try RefundFixtures.ticket(paid.ticketID, in: client.application)
        try client.keepBrowsing("/", until: ticket.arrivesAt + 60)
        let number = try XCTUnwrap(try ask("/tickets/\(paid.ticketID)/invoice", with: client).document().text("//*[@data-number]"))

        client.application.mail.drain()
        let folder = try XCTUnwrap(client.application.configuration.mail.folder)
        let mails = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".eml") }
            .map { try ReceivedMail(try String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) }
        let mailed = try XCTUnwrap(mails.first { $0.subject == "您的发票 \(number)" })
        XCTAssertNotNil(mailed.attachments["invoice-\(number).pdf"], "the PDF is attached")

        _ = try client.application.database.write { try $0.run("UPDATE users SET authority = 'admin' WHERE account = 'li_lei'") }
        try AdminFixtures.assertAdminOnly("/admin/invoices", admin: client)
        let today = ChinaTime.date(at: client.application.clock.now())
        let byDay = try client.get("/admin/invoices?date=\(today)").document()
        XCTAssertEqual(byDay.nodes("//tr[@data-invoice]").map { $0.attribute("data-invoice") }, [number])
        let byNumber = try client.get("/admin/invoices?number=" + String(number.suffix(3))).document()
        XCTAssertNotNil(byNumber.node("//tr[@data-invoice='\(number)']"))
        XCTAssertEqual(try client.get("/admin/invoices?date=2026-13-45").status, .badRequest)
        XCTAssertTrue(try client.get("/admin/invoices?number=abc").document().nodes("//tr[@data-invoice]").isEmpty, "letters match no number")
        XCTAssertNotNil(try client.get("/admin").document().node("//a[@href='/admin/invoices']"))
    }
}
