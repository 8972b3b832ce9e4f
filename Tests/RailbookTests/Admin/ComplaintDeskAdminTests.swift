import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The complaint desk's lists: the complaint queue at `/admin/complaints` and feedback at `/admin/feedback`.
final class ComplaintDeskAdminTests: XCTestCase {
    private var admin: TestClient!

    override func setUpWithError() throws {
        admin = try BookingFixtures.traveller()
        _ = try admin.application.database.write { try $0.run("UPDATE users SET authority = 'admin' WHERE account = 'li_lei'") }
    }

    /// Books a ticket for 李雷 (the administrator here) and files a complaint about it; returns its number.
    private func fileComplaint(category: String) throws -> String {
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: admin), with: admin)
        let orderNumber = String(try XCTUnwrap(order.target.split(separator: "/").last))
        let page = try admin.get("/complaints/new?order=" + orderNumber)
        var form = try page.document().form(action: "/complaints")
        try form.fill("category", category)
        try form.fill("text", "列车晚点，没有广播。")
        let filed = try admin.submit(form, from: page)
        let path = try XCTUnwrap(filed.target.split(separator: "?").first)
        return String(try XCTUnwrap(path.split(separator: "/").last))
    }

    private func listed(_ target: String) throws -> [String] {
        try admin.get(target).document().nodes("//tr[@data-complaint]").compactMap { $0.attribute("data-complaint") }
    }

    func testOnlyAdministratorsReachTheDeskLists() throws {
        try AdminFixtures.assertAdminOnly("/admin/complaints", admin: admin)
        try AdminFixtures.assertAdminOnly("/admin/complaints?status=submitted&category=delay", admin: admin)
        try AdminFixtures.assertAdminOnly("/admin/feedback", admin: admin)
        try AdminFixtures.assertAdminOnly("/admin/feedback?page=2", admin: admin)
        let home = try admin.get("/admin").document()
        XCTAssertNotNil(home.node("//a[@href='/admin/complaints']"))
        XCTAssertNotNil(home.node("//a[@href='/admin/feedback']"))
    }

    func testTheQueueListsFiledComplaintsAndFiltersThem() throws {
        XCTAssertNotNil(try admin.get("/admin/complaints").document().node("//p[@class='empty']"))
        let number = try fileComplaint(category: "delay")
        let document = try admin.get("/admin/complaints").document()
        let row = try XCTUnwrap(document.node("//tr[@data-complaint='\(number)']"))
        XCTAssertEqual(row.attribute("data-status"), "submitted")
        XCTAssertEqual(row.attribute("data-category"), "delay")
        XCTAssertEqual(row.node(".//a")?.attribute("href"), "/complaints/\(number)")
        XCTAssertEqual(try admin.get("/complaints/\(number)").status, .ok)
        let filter = try document.form(action: "/admin/complaints")
        XCTAssertEqual(filter.method, "GET")
        XCTAssertEqual(filter.controlNames, ["status", "category"])

        XCTAssertEqual(try listed("/admin/complaints?status=submitted"), [number])
        XCTAssertEqual(try listed("/admin/complaints?status=resolved"), [])
        XCTAssertEqual(try listed("/admin/complaints?category=delay&status="), [number])
        XCTAssertEqual(try listed("/admin/complaints?category=food"), [])
        let filtered = try admin.get("/admin/complaints?status=submitted&category=delay").document()
        XCTAssertEqual(filtered.node("//select[@name='status']/option[@selected]")?.attribute("value"), "submitted")

        for target in ["/admin/complaints?status=lost", "/admin/complaints?category=%27%3B--"] {
            let bad = try admin.get(target)
            XCTAssertEqual(bad.status, .badRequest, target)
            let page = try bad.document()
            XCTAssertNotNil(page.node("//p[@role='alert']"), target)
            XCTAssertNotNil(page.node("//tr[@data-complaint='\(number)']"), "everything is shown instead")
        }
    }

    func testTheQueueShowsNewestActivityFirst() throws {
        let filed = try fileComplaint(category: "delay")
        _ = try admin.application.database.write { db in
            try db.run(
                """
                INSERT INTO complaints (number, user_id, subject_kind, subject_id, subject_number, category, status, created_at, updated_at)
                SELECT 'C000000001', user_id, subject_kind, subject_id, subject_number, 'seat', 'in_progress', created_at - 100, updated_at + 100
                FROM complaints WHERE number = ?
                """, [filed])
        }
        XCTAssertEqual(try listed("/admin/complaints"), ["C000000001", filed])
        XCTAssertEqual(try listed("/admin/complaints?status=in_progress"), ["C000000001"])
        XCTAssertEqual(try listed("/admin/complaints?category=seat&status=in_progress"), ["C000000001"])
    }

    func testTheFeedbackListShowsSubmittedFeedbackNewestFirstTwentyAPage() throws {
        XCTAssertNotNil(try admin.get("/admin/feedback").document().node("//p[@class='empty']"))
        let visitor = TestClient(application: admin.application)
        let page = try visitor.get("/feedback")
        var form = try page.document().form(action: "/feedback")
        try form.fill("category", "praise")
        try form.fill("text", "乘务员服务很周到，车厢也很干净。")
        XCTAssertEqual(try visitor.submit(form, from: page).redirects, ["/feedback?sent=1"])

        let document = try admin.get("/admin/feedback").document()
        let row = try XCTUnwrap(document.node("//tr[@data-feedback]"))
        XCTAssertEqual(row.attribute("data-category"), "praise")
        XCTAssertEqual(row.text(".//td[@class='admin-feedback__text']"), "乘务员服务很周到，车厢也很干净。")

        let base = ChinaTime.now()
        try admin.application.database.write { db in
            for index in 1...25 {
                try db.run(
                    "INSERT INTO feedback (category, text, created_at) VALUES ('other', ?, ?)",
                    ["第 \(index) 条", base + index])
            }
        }
        let first = try admin.get("/admin/feedback").document()
        XCTAssertEqual(first.count("//tr[@data-feedback]"), 20)
        XCTAssertEqual(first.text("(//td[@class='admin-feedback__text'])[1]"), "第 25 条")
        XCTAssertEqual(first.node("//a[@rel='next']")?.attribute("href"), "/admin/feedback?page=2")
        let second = try admin.get("/admin/feedback?page=2").document()
        XCTAssertEqual(second.count("//tr[@data-feedback]"), 6)
        XCTAssertEqual(second.text("(//td[@class='admin-feedback__text'])[6]"), "乘务员服务很周到，车厢也很干净。")
        XCTAssertNil(second.node("//a[@rel='next']"))
        let bad = try admin.get("/admin/feedback?page=x")
        XCTAssertEqual(bad.status, .badRequest)
        XCTAssertNotNil(try bad.document().node("//p[@role='alert']"))
    }

    func testTheQueueHasFiftyAPageAndPagingKeepsTheFilters() throws {
        let filed = try fileComplaint(category: "delay")
        try admin.application.database.write { db in
            for index in 1...54 {
                try db.run(
                    """
                    INSERT INTO complaints (number, user_id, subject_kind, subject_id, subject_number, category, status, created_at, updated_at)
                    SELECT ?, user_id, subject_kind, subject_id, subject_number, 'delay', 'submitted', created_at, updated_at + ?
                    FROM complaints WHERE number = ?
                    """, [String(format: "C9%08d", index), index, filed])
            }
        }
        let first = try admin.get("/admin/complaints?status=submitted&category=delay").document()
        XCTAssertEqual(first.count("//tr[@data-complaint]"), 50)
        XCTAssertEqual(first.node("//tr[@data-complaint]")?.attribute("data-complaint"), "C900000054")
        XCTAssertNil(first.node("//a[@rel='prev']"))
        let next = try XCTUnwrap(first.node("//a[@rel='next']")?.attribute("href"))
        XCTAssertEqual(next, "/admin/complaints?status=submitted&category=delay&page=2")
        let second = try admin.get(next).document()
        XCTAssertEqual(try listed(next), ["C900000004", "C900000003", "C900000002", "C900000001", filed])
        XCTAssertEqual(second.node("//a[@rel='prev']")?.attribute("href"), "/admin/complaints?status=submitted&category=delay&page=1")
        XCTAssertNil(second.node("//a[@rel='next']"))
        XCTAssertEqual(try listed("/admin/complaints?category=food&page=2"), [])

        for target in ["/admin/complaints?page=0", "/admin/complaints?page=x", "/admin/complaints?page=-1"] {
            let bad = try admin.get(target)
            XCTAssertEqual(bad.status, .badRequest, target)
            let page = try bad.document()
            XCTAssertNotNil(page.node("//p[@role='alert']"), target)
            XCTAssertEqual(page.count("//tr[@data-complaint]"), 50, "the first page is shown instead")
        }
    }

    func testTheDeskMarksFeedbackHandledOnceAndTheAuditLogSaysWho() throws {
        let base = ChinaTime.now()
        try admin.application.database.write { db in
            for index in 1...21 {
                try db.run(
                    "INSERT INTO feedback (category, text, created_at) VALUES ('other', ?, ?)",
                    ["第 \(index) 条", base + index])
            }
        }
        let oldest = try admin.application.database.read { try $0.queryOne("SELECT id FROM feedback WHERE text = '第 1 条'")!.int64("id") }
        let page = try admin.get("/admin/feedback?page=2")
        let row = try XCTUnwrap(page.document().node("//tr[@data-feedback='\(oldest)']"))
        XCTAssertEqual(row.attribute("data-status"), "new")
        let form = try page.document().form(action: "/admin/feedback/\(oldest)/handled")
        let done = try admin.submit(form, from: page)
        XCTAssertEqual(done.redirects, ["/admin/feedback?page=2&handled=1"])
        let after = try done.document()
        XCTAssertNotNil(after.node("//p[@role='status']"))
        XCTAssertEqual(after.node("//tr[@data-feedback='\(oldest)']")?.attribute("data-status"), "handled")
        XCTAssertNil(after.node("//form[@action='/admin/feedback/\(oldest)/handled']"), "nothing more to do")

        let again = try admin.post("/admin/feedback/\(oldest)/handled", fields: [("csrf", try XCTUnwrap(form.value("csrf")))])
        XCTAssertEqual(again.redirects, ["/admin/feedback?page=1&handled=1"])
        let audit = try admin.application.database.read { db in
            try db.query("SELECT action, subject, before_text, after_text FROM audit_log WHERE action = 'feedback.handled'").map {
                [try $0.string("subject"), try $0.string("before_text"), try $0.string("after_text")]
            }
        }
        XCTAssertEqual(audit, [["feedback \(oldest)", "status=new", "status=handled"]], "recorded once")

        XCTAssertEqual(
            try admin.post("/admin/feedback/999999/handled", fields: [("csrf", try XCTUnwrap(form.value("csrf")))]).status,
            .notFound)
        let user = try AdminFixtures.user(on: admin.application)
        let userPage = try user.get("/me")
        let userCSRF = try XCTUnwrap(userPage.document().node("//input[@name='csrf']")?.attribute("value"))
        XCTAssertEqual(try user.post("/admin/feedback/\(oldest)/handled", fields: [("csrf", userCSRF)]).status, .notFound)
    }
}
