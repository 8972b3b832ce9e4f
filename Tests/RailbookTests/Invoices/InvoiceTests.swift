import Foundation
import HTMLTesting
import HTTP
import Locking
import Storage
import XCTest

@testable import Railbook

final class InvoiceTests: XCTestCase {
    private var client: TestClient!

    override func setUpWithError() throws {
        client = try BookingFixtures.traveller()
    }

    /// Adds a buyer through the buyers form; returns the page it leads to.
    @discardableResult
    private func addBuyer(kind: String, name: String, code: String = "") throws -> TestResponse {
        let page = try client.get("/me/invoice-buyers")
        var form = try page.document().form(action: "/me/invoice-buyers")
        try form.fill("kind", kind)
        try form.fill("name", name)
        try form.fill("credit_code", code)
        return try client.submit(form, from: page)
    }

    /// Asks for the invoice of `ticketID` for the first buyer; returns the page it leads to.
    private func ask(_ ticketID: Int64) throws -> TestResponse {
        let page = try client.get("/tickets/\(ticketID)/invoice")
        return try client.submit(try page.document().form(action: "/tickets/\(ticketID)/invoice"), from: page)
    }

    func testACompanyCodeWithAWrongCheckCharacterIsRefusedWithAMessage() throws {
        let refused = try addBuyer(kind: "company", name: "北京铁路科技有限公司", code: "91350100M000100Y44")
        XCTAssertEqual(refused.status, .unprocessableContent)
        XCTAssertEqual(try refused.document().text("//input[@name='credit_code']/following-sibling::p[@class='field-error']"), "校验位不符，请核对营业执照上的代码。")
        XCTAssertEqual(try refused.document().form(action: "/me/invoice-buyers").value("name"), "北京铁路科技有限公司", "the values stay")
        for (code, message) in [("9135010", "统一社会信用代码为 18 位。"), ("91350100M000100YI3", "统一社会信用代码由数字和除 I、O、S、V、Z 以外的大写字母组成。")] {
            let page = try addBuyer(kind: "company", name: "公司", code: code)
            XCTAssertEqual(try page.document().text("//p[@class='field-error']"), message, code)
        }
        let added = try addBuyer(kind: "company", name: "北京铁路科技有限公司", code: "91350100m000100y43")
        XCTAssertEqual(added.target, "/me/invoice-buyers?saved=1")
        XCTAssertEqual(try added.document().text("//li[@data-kind='company']//code[@data-credit-code]"), "91350100M000100Y43")
    }

    func testAPaidTripIsInvoicedOnceAfterTravelWithNumbersWithoutGaps() throws {
        try addBuyer(kind: "company", name: "北京铁路科技有限公司", code: "91350100M000100Y43")
        let first = try RefundFixtures.paidTicket(with: client)
        let order = try client.get(first.order).document()
        XCTAssertNotNil(order.node("//li[@data-ticket='\(first.ticketID)']//a[@href='/tickets/\(first.ticketID)/invoice']"))
        let before = try client.get("/tickets/\(first.ticketID)/invoice")
        XCTAssertNotNil(try before.document().node("//*[@data-refusal]"), "a fare is invoiced after travel")
        XCTAssertNil(try before.document().node("//form[@action='/tickets/\(first.ticketID)/invoice']"))

        let ticket = try RefundFixtures.ticket(first.ticketID, in: client.application)
        try client.keepBrowsing("/", until: ticket.arrivesAt + 60)
        let invoice = try ask(first.ticketID)
        let document = try invoice.document()
        let year = ChinaTime.date(at: client.application.clock.now()).year
        XCTAssertEqual(document.text("//*[@data-number]"), "\(year)00000001")
        XCTAssertEqual(document.text("//dd[@data-buyer]"), "北京铁路科技有限公司 · 91350100M000100Y43")
        XCTAssertEqual(document.text("//dd[@data-amount]"), "¥276")
        XCTAssertEqual(document.text("//dd[@data-tax]"), "¥22.79", "9 % inside ¥276")
        let description = try XCTUnwrap(document.text("//dd[@data-description]"))
        XCTAssertTrue(description.contains("G101") && description.contains("甲城") && description.contains("丙城"), description)
        XCTAssertTrue(description.contains("李雷") && description.contains("1101**********"), "the passenger, document masked: \(description)")

        XCTAssertEqual(try client.get("/tickets/\(first.ticketID)/invoice").target, invoice.target, "asking again shows the one issued")

        let pdf = try client.get(try XCTUnwrap(document.node("//a[@data-pdf]")?.attribute("href")))
        XCTAssertEqual(pdf.headers["Content-Type"], "application/pdf")
        XCTAssertEqual(Array(pdf.body.prefix(5)), Array("%PDF-".utf8))
        let pdfText = try PDFText.of(pdf.body)
        for expected in ["\(year)00000001", "北京铁路科技有限公司", "91350100M000100Y43", "¥276", "G101", "甲城", "丙城", "李雷"] {
            XCTAssertTrue(pdfText.contains(expected), "the PDF says \(expected):\n\(pdfText)")
        }

        let verifyPath = try XCTUnwrap(document.node("//a[@data-verify]")?.attribute("href"))
        let verified = try TestClient(application: client.application).get(verifyPath)
        XCTAssertEqual(try verified.document().text("//dd[@data-number]"), "\(year)00000001")
        XCTAssertEqual(try verified.document().text("//dd[@data-amount]"), "¥276")
        XCTAssertFalse(verified.text.contains("李雷") || verified.text.contains("北京铁路科技"), "nothing personal on the verification page")
        XCTAssertEqual(try client.get("/invoices/verify/not-a-code").status, .notFound)
        XCTAssertEqual(try AdminFixtures.user(on: client.application).get(invoice.target).status, .notFound, "another user's invoice")
    }

    func testAFeeKeptOnARefundIsInvoiced() throws {
        try addBuyer(kind: "person", name: "李雷")
        let paid = try RefundFixtures.paidTicket(with: client)
        let page = try client.get("/tickets/\(paid.ticketID)/refund")
        _ = try client.submit(try page.document().form(action: "/tickets/\(paid.ticketID)/refund"), from: page)
        let fee = try XCTUnwrap(try RefundFixtures.ticket(paid.ticketID, in: client.application).refundFeeFen)
        XCTAssertGreaterThan(fee, 0)
        let invoice = try ask(paid.ticketID).document()
        XCTAssertEqual(invoice.node("//section[@data-invoice]")?.attribute("data-kind"), "fee")
        XCTAssertEqual(invoice.text("//dd[@data-amount]"), Money.format(fee))
        XCTAssertTrue((invoice.text("//dd[@data-description]") ?? "").hasPrefix("退票或改签手续费"))
    }

    func testConcurrentIssuesGetDistinctNumbersWithoutGaps() throws {
        let application = client.application
        let userID = try XCTUnwrap(try application.database.read { try $0.queryOne("SELECT id FROM users WHERE account = 'li_lei'") }?.int64("id"))
        try addBuyer(kind: "person", name: "李雷")
        let buyer = try XCTUnwrap(try application.database.read { try InvoiceBuyer.list(for: userID, in: $0) }.first)
        let now = application.clock.now()
        let count = 40
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            do {
                let draft = Invoice.Draft(
                    kind: .ticket, subject: "test:\(index)", userID: userID, buyer: buyer.copy, amountFen: 100 + index, description: "item \(index)")
                _ = try application.database.write { try Invoice.issue(draft, taxPermille: 90, now: now, in: $0) }
            } catch {
                failures.withLock { $0 += 1 }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, 0)
        let sequences = try application.database.read { db in
            try db.query("SELECT sequence FROM invoices ORDER BY sequence").map { try $0.int("sequence") }
        }
        XCTAssertEqual(sequences, Array(1...count), "every number once, none skipped")

        // Administrators export them as CSV, a line each.
        _ = try application.database.write { try $0.run("UPDATE users SET authority = 'admin' WHERE account = 'li_lei'") }
        let page = try client.get("/admin/exports")
        var form = try page.document().form(action: "/admin/exports")
        try form.fill("kind", "invoices")
        try form.fill("from", ChinaTime.date(at: now).description)
        try form.fill("to", ChinaTime.date(at: now).description)
        let csv = String(decoding: try client.submit(form, from: page).body, as: UTF8.self)
        let lines = csv.split(separator: "\r\n")
        XCTAssertEqual(lines.count, count + 1, "a header and a line per invoice")
        XCTAssertTrue(lines.last?.hasPrefix("\(ChinaTime.date(at: now).year)000000") ?? false, String(lines.last ?? ""))
        XCTAssertTrue(lines.last?.contains(",李雷,,") ?? false, String(lines.last ?? ""))
    }
}
