import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// `/admin/announcements`: administrators post notices to every traveller, in Chinese and English,
/// which the home page shows in the page's language until they are retired.
final class AnnouncementsAdminTests: XCTestCase {
    private var admin: TestClient!

    override func setUpWithError() throws {
        admin = try AdminFixtures.admin(on: try TestSite.makeClient())
    }

    private func homeNotices(language: String) throws -> [String] {
        let visitor = TestClient(application: admin.application, acceptLanguage: language)
        visitor.cookies["welcomed"] = "1"
        return try visitor.get("/").document().nodes("//section[contains(@class,'home__notices')]//li[@data-announcement]/span")
            .map(\.text)
    }

    func testAnAdministratorPostsANoticeTheHomePageShowsInBothLanguagesThenRetiresIt() throws {
        XCTAssertEqual(try homeNotices(language: "zh-CN"), [])
        let page = try admin.get(try XCTUnwrap(try admin.get("/admin").document().node("//a[@href='/admin/announcements']")?.attribute("href")))
        var form = try page.document().form(action: "/admin/announcements")
        try form.fill("text_zh", "春运期间北京南站增开临客。")
        let refused = try admin.submit(form, from: page)
        XCTAssertEqual(refused.status, .unprocessableContent)
        let problems = try refused.document()
        XCTAssertEqual(problems.text("//p[@role='alert']"), "公告未发布，请修改标出的内容。")
        XCTAssertEqual(problems.text("//p[@id='announcement-text-en-error']"), "请填写内容。")
        XCTAssertEqual(problems.text("//textarea[@name='text_zh']"), "春运期间北京南站增开临客。", "the typed text is kept")
        XCTAssertEqual(try homeNotices(language: "zh-CN"), [], "nothing posted")

        var again = try problems.form(action: "/admin/announcements")
        try again.fill("text_en", "Extra trains from Beijing South during the Spring Festival rush.")
        let posted = try admin.submit(again, from: refused)
        XCTAssertEqual(posted.redirects, ["/admin/announcements?notice=posted"])
        let list = try posted.document()
        XCTAssertEqual(list.text("//p[@role='status']"), "公告已发布，首页现在显示它。")
        let item = try XCTUnwrap(list.node("//li[@data-announcement]"))
        XCTAssertEqual(item.attribute("data-status"), "shown")
        XCTAssertEqual(try homeNotices(language: "zh-CN"), ["春运期间北京南站增开临客。"])
        XCTAssertEqual(try homeNotices(language: "en"), ["Extra trains from Beijing South during the Spring Festival rush."])

        let retired = try admin.submit(try list.form("//li[@data-announcement]//form"), from: posted)
        XCTAssertEqual(retired.redirects, ["/admin/announcements?notice=retired"])
        XCTAssertEqual(try retired.document().node("//li[@data-announcement]")?.attribute("data-status"), "retired")
        XCTAssertNil(try retired.document().node("//li[@data-announcement]//form"), "nothing left to retire")
        XCTAssertEqual(try homeNotices(language: "zh-CN"), [])
        XCTAssertEqual(try homeNotices(language: "en"), [])

        let audit = try admin.get("/admin/audit").document()
        XCTAssertNotNil(audit.node("//tr[@data-action='announcement.post']"))
        XCTAssertNotNil(audit.node("//tr[@data-action='announcement.retire']"))
        let id = try XCTUnwrap(item.attribute("data-announcement"))
        let token = try XCTUnwrap(list.form(action: "/logout").value("csrf"))
        XCTAssertEqual(try admin.post("/admin/announcements/\(id)/retire", fields: [("csrf", token)]).status, .notFound, "already retired")
        XCTAssertEqual(try admin.post("/admin/announcements/999999/retire", fields: [("csrf", token)]).status, .notFound)
    }

    func testATextTooLongIsRefusedWithBothTextsKept() throws {
        let page = try admin.get("/admin/announcements")
        var form = try page.document().form(action: "/admin/announcements")
        try form.fill("text_zh", String(repeating: "长", count: Announcement.maximumLength + 1))
        try form.fill("text_en", "Works")
        let refused = try admin.submit(form, from: page)
        XCTAssertEqual(refused.status, .unprocessableContent)
        XCTAssertEqual(try refused.document().text("//p[@id='announcement-text-zh-error']"), "内容最多 300 个字。")
        XCTAssertEqual(try refused.document().text("//textarea[@name='text_en']"), "Works")
        XCTAssertEqual(try admin.application.database.read { try Announcement.latest(in: $0) }.count, 0)
    }

    func testOnlyAdministratorsReachTheNoticesAndEveryPostNeedsItsToken() throws {
        try AdminFixtures.assertAdminOnly("/admin/announcements", admin: admin)
        let adminToken = try XCTUnwrap(try admin.get("/admin/announcements").document().form(action: "/admin/announcements").value("csrf"))
        let id = try admin.application.database.write { db in
            try Announcement.post(
                LocalizedText(chinese: "通知", english: "Notice"),
                by: try XCTUnwrap(
                    try db.queryOne("SELECT id FROM users WHERE account = 'li_lei'")
                ).int64("id"), now: ChinaTime.now(), in: db)
        }
        let user = try AdminFixtures.user(on: admin.application)
        let userToken = try XCTUnwrap(try user.get("/me").document().form(action: "/logout").value("csrf"))
        let fields = [("text_zh", "假的"), ("text_en", "Fake")]
        XCTAssertEqual(try user.post("/admin/announcements", fields: [("csrf", userToken)] + fields).status, .notFound)
        XCTAssertEqual(try user.post("/admin/announcements/\(id)/retire", fields: [("csrf", userToken)]).status, .notFound)
        XCTAssertEqual(try admin.post("/admin/announcements", fields: fields).status, .forbidden, "no token")
        XCTAssertEqual(try admin.post("/admin/announcements/\(id)/retire", fields: [("csrf", "wrong")]).status, .forbidden)
        XCTAssertEqual(try admin.application.database.read { try Announcement.shown(in: $0) }.map(\.text.chinese), ["通知"])
        XCTAssertEqual(try admin.post("/admin/announcements", fields: [("csrf", adminToken)] + fields).status, .ok, "303 to the list")
    }
}
