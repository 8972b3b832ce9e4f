import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The back office downloads ticket sales, refunds and complaints of a range of days as CSV
/// (UTF-8 with a byte order mark, document numbers masked), each download written to the audit
/// log; a wrong form comes back with what is wrong.
final class ExportsAdminTests: XCTestCase {
    /// 李雷 books himself and 韩梅梅, pays, refunds his own ticket and complains; returns the order's number.
    private func orderWithARefundAndAComplaint(_ traveller: TestClient) throws -> String {
        let companion = try BookingFixtures.addPassenger("韩梅梅", sequence: "246", with: traveller)
        let page = try BookingFixtures.bookPage(date: ChinaTime.today().adding(days: 3), with: traveller)
        let booked = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(traveller), companion], with: traveller)
        let paid = try PaymentFixtures.press("confirm", on: try PaymentFixtures.openProvider(booked, with: traveller), with: traveller)
        let ticket = try XCTUnwrap(try paid.document().nodes("//li[@data-ticket]").first?.attribute("data-ticket"))
        let refund = try traveller.get("/tickets/\(ticket)/refund")
        _ = try traveller.submit(try refund.document().form(action: "/tickets/\(ticket)/refund"), from: refund)
        let number = String(booked.target.dropFirst("/orders/".count).prefix { $0 != "?" })
        let complaint = try traveller.get("/complaints/new?order=" + number)
        var form = try complaint.document().form(action: "/complaints")
        try form.fill("category", "refund")
        try form.fill("text", "退票手续费收得不对，请核实。")
        _ = try traveller.submit(form, from: complaint)
        return number
    }

    /// Submits the export form for `kind` from `from` to `to` (today by default).
    private func export(_ kind: String, from: CivilDate? = nil, to: CivilDate? = nil, with admin: TestClient) throws -> TestResponse {
        let page = try admin.get("/admin/exports")
        var form = try page.document().form(action: "/admin/exports")
        try form.fill("kind", kind)
        try form.fill("from", (from ?? ChinaTime.today()).description)
        try form.fill("to", (to ?? ChinaTime.today()).description)
        return try admin.submit(form, from: page)
    }

    /// The CSV's lines as fields (a simple reader: the test data has no quoted fields).
    private func lines(_ response: TestResponse) throws -> [[String]] {
        XCTAssertEqual(Array(response.body.prefix(3)), [0xEF, 0xBB, 0xBF], "no byte order mark")
        let text = try XCTUnwrap(String(validating: response.body.dropFirst(3), as: UTF8.self))
        XCTAssertTrue(text.hasSuffix("\r\n"), "lines do not end in CRLF")
        return text.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    func testTicketSalesRefundsAndComplaintsDownloadAsCSVWithMaskedDocumentsAndAnAuditEntryEach() throws {
        let traveller = try BookingFixtures.traveller()
        let admin = try ShopOrderFixtures.admin(of: traveller)
        let number = try orderWithARefundAndAComplaint(traveller)
        try AdminFixtures.assertAdminOnly("/admin/exports", admin: admin)

        let sales = try export("tickets", with: admin)
        XCTAssertEqual(sales.status, .ok)
        XCTAssertEqual(sales.headers["Content-Type"], "text/csv; charset=utf-8")
        XCTAssertEqual(
            sales.headers["Content-Disposition"],
            "attachment; filename=\"railbook-tickets-\(ChinaTime.today())-\(ChinaTime.today()).csv\"")
        let rows = try lines(sales)
        XCTAssertEqual(rows.first?.prefix(3), ["订单号", "下单时间", "订单状态"])
        let tickets = rows.dropFirst().filter { $0.first == number }
        XCTAssertEqual(tickets.count, 2, "\(rows)")
        XCTAssertEqual(Set(tickets.map { $0[13] }), ["李雷", "韩梅梅"])
        XCTAssertEqual(tickets.map { $0[18] }.sorted(), ["issued", "refunded"])
        let document = AccountFixtures.residentID()
        XCTAssertFalse(String(decoding: sales.body, as: UTF8.self).contains(document), "a whole document number was exported")
        XCTAssertTrue(tickets.contains { $0[15] == Masking.certificate(document) })
        XCTAssertTrue(tickets.allSatisfy { $0[17].contains(".") && Double($0[17]) != nil }, "fares are not yuan")

        let refunds = try lines(try export("refunds", with: admin)).dropFirst()
        XCTAssertEqual(refunds.count, 1)
        XCTAssertEqual(refunds.first?[4], number)
        XCTAssertGreaterThan(Double(refunds.first?[5] ?? "") ?? 0, 0)
        let complaints = try lines(try export("complaints", with: admin)).dropFirst()
        XCTAssertEqual(complaints.first?[3], number)

        let yesterday = ChinaTime.today().adding(days: -1)
        XCTAssertEqual(try lines(try export("tickets", from: yesterday.adding(days: -30), to: yesterday, with: admin)).count, 1, "only the header")

        let audit = try admin.get("/admin/audit").document()
        XCTAssertEqual(audit.nodes("//tr[starts-with(@data-action, 'export.')]").count, 4)
        XCTAssertNotNil(audit.node("//tr[@data-action='export.tickets']/td[.='导出车票销售']"))
    }

    func testAWrongFormComesBackWithWhatIsWrongAndNothingIsAudited() throws {
        let admin = try AdminFixtures.admin(on: try TimetableFixtures.client())
        let today = ChinaTime.today()
        for (kind, from, to, message) in [
            ("tickets", today, today.adding(days: -1), "开始日期不能晚于结束日期。"),
            ("tickets", today.adding(days: -400), today, "一次导出最多 366 天。"),
            ("passwords", today, today, "请选择导出内容。"),
        ] {
            // The fields as a browser would send them, whatever the form offers (a made-up kind too).
            let page = try admin.get("/admin/exports")
            let csrf = try XCTUnwrap(try page.document().node("//form[@action='/admin/exports']//input[@name='csrf']")?.attribute("value"))
            let answer = try admin.post(
                "/admin/exports", fields: [("csrf", csrf), ("kind", kind), ("from", from.description), ("to", to.description)])
            XCTAssertEqual(answer.status, .unprocessableContent)
            XCTAssertNotNil(try answer.document().node("//div[@role='alert']//li[.='\(message)']"), message)
        }
        let answer = try admin.post("/admin/exports", fields: [("kind", "tickets"), ("from", "2026-13-01"), ("to", "")])
        XCTAssertEqual(answer.status, .forbidden, "a form without its token was taken")
        let audited = try admin.application.database.read {
            try $0.queryOne("SELECT COUNT(*) AS n FROM audit_log WHERE action LIKE 'export.%'")!.int("n")
        }
        XCTAssertEqual(audited, 0)
    }

    /// Page by page, in the order records were made, none twice and none left out.
    func testAnExportReadPageByPageHasEveryRecordOnceInOrder() throws {
        let traveller = try BookingFixtures.traveller()
        _ = try orderWithARefundAndAComplaint(traveller)
        let later = try BookingFixtures.bookPage(date: ChinaTime.today().adding(days: 5), with: traveller)
        _ = try BookingFixtures.book(later, passengers: [try BookingFixtures.holderID(traveller)], with: traveller)
        let database = traveller.application.database
        let today = ChinaTime.today()
        let range = RunLeg.unixTime(today, minute: 0)..<RunLeg.unixTime(today.adding(days: 1), minute: 0)
        let stream = ExportStream(.tickets, range: range, headers: ["a"], language: .chinese, database: database, pageSize: 1)
        var pieces: [[UInt8]] = []
        while let piece = try stream.next() { pieces.append(piece) }
        let whole = ExportStream(.tickets, range: range, headers: ["a"], language: .chinese, database: database)
        XCTAssertEqual(pieces.reduce([], +), try Response.streaming(whole, headers: Headers()).collectedBody())
        XCTAssertEqual(pieces.count, 3, "the header and one page per order")
    }

    func testAFieldASpreadsheetWouldRunOrSplitIsQuotedAndDefused() {
        XCTAssertEqual(
            String(decoding: CSVLine(["a", "b,c", "say \"hi\"", "=1+1", "-2+3", "-2", "line\nbreak", "李雷"]).terminated, as: UTF8.self),
            "a,\"b,c\",\"say \"\"hi\"\"\",'=1+1,'-2+3,-2,\"line\nbreak\",李雷\r\n", "a negative number stays a number")
        XCTAssertEqual(ExportText.yuan(55350), "553.50")
        XCTAssertEqual(ExportText.yuan(5), "0.05")
        XCTAssertEqual(ExportText.time(0), "1970-01-01 08:00")
    }

    /// A shop order's line names its shop in the administrator's language.
    func testAShopOrderIsExportedWithItsShopNamedInThePagesLanguage() throws {
        let traveller = try ShopOrderFixtures.traveller()
        let admin = try ShopOrderFixtures.admin(of: traveller)
        let ticket = try ShopOrderFixtures.ticket(with: traveller)
        try ShopOrderFixtures.fillCart(with: traveller)
        let number = ShopOrderFixtures.number(try ShopOrderFixtures.paidOrder(ticket: ticket, with: traveller))
        let names = try traveller.application.database.read { db in
            try XCTUnwrap(
                try db.queryOne("SELECT s.name_zh, s.name_en FROM shop_orders o JOIN shops s ON s.id = o.shop_id WHERE o.number = ?", [number]))
        }
        let chinese = try lines(try export("shop_orders", with: admin)).dropFirst()
        XCTAssertEqual(chinese.first { $0.first == number }?[2], try names.string("name_zh"))
        _ = try admin.get("/language/en?back=/")
        let english = try lines(try export("shop_orders", with: admin))
        XCTAssertEqual(english.first?[0], "Order")
        XCTAssertEqual(english.dropFirst().first { $0.first == number }?[2], try names.string("name_en"))
    }
}
