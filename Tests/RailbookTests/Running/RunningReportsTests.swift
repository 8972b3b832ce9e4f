import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// Running reports typed by administrators on a run's running page, and what the train's status
/// page shows of them: tomorrow's G101 runs 甲城 08:00 → 乙城 09:00/09:02 → 丙城 10:00, and a
/// late train makes up 2 minutes a stop (the default).
final class RunningReportsTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    private func admin() throws -> TestClient {
        try ShopOrderFixtures.admin(of: try BookingFixtures.traveller())
    }

    /// The running page of tomorrow's G101, reached from the run's page as an administrator does.
    private func runningPage(_ admin: TestClient) throws -> TestResponse {
        let runPage = try admin.get("/admin/runs?train=G101&date=\(tomorrow)")
        return try admin.get(try XCTUnwrap(try runPage.document().node("//a[@data-running]")?.attribute("href")))
    }

    /// Submits the form of stop `code` on `page` with `fields` typed (selects chosen by value).
    private func report(_ fields: [(String, String)], at code: String, on page: TestResponse, with admin: TestClient) throws -> TestResponse {
        var form = try page.document().form("//li[@data-stop='\(code)']//form")
        for (name, value) in fields { try form.fill(name, value) }
        return try admin.submit(form, from: page)
    }

    private func stopDelays(_ page: TestResponse) throws -> [String: String] {
        var delays: [String: String] = [:]
        for node in try page.document().nodes("//li[@data-stop]") { delays[node.attribute("data-stop") ?? ""] = node.attribute("data-delay") }
        return delays
    }

    private func storedReports(_ client: TestClient) throws -> Int {
        try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM running_times")?.int("n") ?? 0 }
    }

    func testAReportedDelayIsCarriedOnLessTheMinutesMadeUpAtEachStopUntilALaterReport() throws {
        let admin = try admin()
        let page = try runningPage(admin)
        XCTAssertEqual(try stopDelays(page), ["AAA": "0", "BBB": "0", "CCC": "0"])
        XCTAssertNil(try page.document().node("//li[@data-stop='AAA']//input[@name='arrival']"), "the first stop has no arrival to report")
        XCTAssertNil(try page.document().node("//li[@data-stop='CCC']//input[@name='departure']"), "the last stop has no departure")

        let saved = try report(
            [("departure", "08:30"), ("departure_kind", "actual"), ("platform", "5"), ("gate", "A3")], at: "AAA", on: page, with: admin)
        XCTAssertEqual(saved.status, .ok)
        XCTAssertEqual(try saved.document().text("//p[@role='status']"), "报告已保存。")
        // 甲城 left 30 late; 乙城 expects 09:28 and leaves 09:30 (28 late); 丙城 expects 10:26.
        XCTAssertEqual(try stopDelays(saved), ["AAA": "30", "BBB": "28", "CCC": "26"])

        let status = try admin.get("/trains/G101?date=\(tomorrow)").document()
        XCTAssertEqual(status.node("//tr[@data-station='CCC']/td[contains(@class,'stop__live')]")?.attribute("data-delay"), "26")
        XCTAssertEqual(status.text("//tr[@data-station='CCC']//dd[@class='running-times__delay']"), "晚点 26 分钟")
        XCTAssertTrue(status.text("//tr[@data-station='CCC']//div[@data-arrival]")?.contains("10:00 → 10:26 预计") ?? false)
        XCTAssertTrue(status.text("//tr[@data-station='AAA']//div[@data-departure]")?.contains("08:00 → 08:30 实际") ?? false)
        XCTAssertEqual(status.text("//tr[@data-station='AAA']//dd[@data-platform]"), "5")
        XCTAssertEqual(status.text("//tr[@data-station='AAA']//dd[@data-gate]"), "A3")

        // A later report at 乙城 says otherwise: arrived 09:10, so it leaves 09:12 and 丙城 expects 10:08.
        let later = try report([("arrival", "09:10"), ("arrival_kind", "actual")], at: "BBB", on: saved, with: admin)
        XCTAssertEqual(try stopDelays(later), ["AAA": "30", "BBB": "10", "CCC": "8"])
        XCTAssertEqual(
            try later.document().node("//li[@data-stop='AAA']//input[@name='platform']")?.attribute("value"), "5",
            "a report keeps what the stop's earlier reports said")
        let english = try TestClient(application: admin.application, acceptLanguage: "en").get("/trains/G101?date=\(tomorrow)").document()
        XCTAssertEqual(english.text("//tr[@data-station='CCC']//dd[@class='running-times__delay']"), "8 minutes late")
        XCTAssertEqual(english.text("//tr[@data-station='BBB']//dd[@class='running-times__delay']"), "10 minutes late")

        let audit = try admin.get("/admin/audit").document()
        XCTAssertTrue(audit.text("//main")?.contains("正晚点报告") ?? false, "the report is in the audit log")
    }

    func testEachBadReportIsRefusedWithItsReasonTheTypedValuesKeptAndNothingStored() throws {
        let admin = try admin()
        var page = try runningPage(admin)
        page = try report([("departure", "08:50")], at: "AAA", on: page, with: admin)
        XCTAssertEqual(try storedReports(admin), 1)
        let cases: [(String, [(String, String)], String)] = [
            ("BBB", [("arrival", "9:5")], "时间格式为 HH:MM，次日或第三日加 +1 或 +2。"),
            ("BBB", [("arrival", "08:25")], "时间最多比图定时间早 30 分钟。"),
            ("BBB", [("arrival", "09:00+2")], "时间最多比图定时间晚一天。"),
            ("BBB", [("arrival", "08:45")], "该时间早于之前停站已报告的时间（或晚于之后停站的时间）。"),
            ("BBB", [("arrival", "09:20"), ("departure", "09:10")], "该时间早于之前停站已报告的时间（或晚于之后停站的时间）。"),
            ("BBB", [("platform", "5号")], "站台为 1 至 8 个字母、数字或连字符。"),
            ("BBB", [("gate", "A-1234567")], "检票口为 1 至 8 个字母、数字或连字符。"),
            ("CCC", [("arrival", ""), ("platform", "")], "未报告任何内容：请填写时间、站台或检票口。"),
        ]
        for (code, fields, message) in cases {
            let refused = try report(fields, at: code, on: page, with: admin)
            XCTAssertEqual(refused.status, .unprocessableContent, "\(fields)")
            let document = try refused.document()
            XCTAssertEqual(document.text("//li[@data-stop='\(code)']//p[@role='alert']"), message, "\(fields)")
            for (name, value) in fields {
                XCTAssertEqual(document.node("//li[@data-stop='\(code)']//input[@name='\(name)']")?.attribute("value"), value, "kept")
            }
        }
        let token = try XCTUnwrap(try page.document().form("//li[@data-stop='AAA']//form").value("csrf"))
        let runID = try WaitlistFixtures.runID(admin)
        for (fields, message) in [
            ([("station", "AAA"), ("arrival", "07:55")], "列车从该站始发，没有到达时间。"),
            ([("station", "CCC"), ("departure", "10:05")], "列车在该站终到，没有出发时间。"),
            ([("station", "DDD"), ("arrival", "09:00")], "该列车不经停此站。"),
        ] {
            let refused = try admin.post("/admin/runs/\(runID)/running", fields: [("csrf", token)] + fields)
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertTrue(try refused.document().nodes("//p[@role='alert']").contains { $0.text == message }, message)
        }
        XCTAssertEqual(try storedReports(admin), 1, "nothing more was stored")
        XCTAssertEqual(
            try admin.post("/admin/runs/\(runID)/running", fields: [("station", "BBB"), ("arrival", "09:10")]).status, .forbidden,
            "a report without the form's token")
        XCTAssertEqual(try admin.post("/admin/runs/999999/running", fields: [("csrf", token), ("station", "BBB")]).status, .notFound)
    }

    func testACancelledRunTakesNoReport() throws {
        let admin = try admin()
        let runID = try WaitlistFixtures.runID(admin)
        let runPage = try admin.get("/admin/runs?train=G101&date=\(tomorrow)")
        let confirmation = try admin.get(try XCTUnwrap(try runPage.document().node("//a[@data-cancel]")?.attribute("href")))
        _ = try admin.submit(try confirmation.document().form(action: "/admin/runs/\(runID)/cancel"), from: confirmation)
        let page = try admin.get("/admin/runs/\(runID)/running")
        XCTAssertNil(try page.document().node("//li[@data-stop]//form"), "no form on a cancelled run")
        let token = try XCTUnwrap(try admin.get("/me").document().form(action: "/logout").value("csrf"))
        let refused = try admin.post("/admin/runs/\(runID)/running", fields: [("csrf", token), ("station", "BBB"), ("arrival", "09:10")])
        XCTAssertEqual(refused.status, .unprocessableContent)
        XCTAssertEqual(try storedReports(admin), 0)
        XCTAssertNil(try admin.get("/trains/G101?date=\(tomorrow)").document().node("//td[contains(@class,'stop__live')]"))
    }

    func testOnlyAdministratorsReachTheRunningPages() throws {
        let admin = try admin()
        let runID = try WaitlistFixtures.runID(admin)
        try AdminFixtures.assertAdminOnly("/admin/runs/\(runID)/running", admin: admin)
        try AdminFixtures.assertAdminOnly("/admin/running-senders", admin: admin)
        let user = try AdminFixtures.user(on: admin.application)
        let token = try XCTUnwrap(try user.get("/me").document().form(action: "/logout").value("csrf"))
        XCTAssertEqual(
            try user.post("/admin/runs/\(runID)/running", fields: [("csrf", token), ("station", "BBB"), ("arrival", "09:10")]).status, .notFound)
        XCTAssertEqual(try user.post("/admin/running-senders", fields: [("csrf", token), ("name", "tracker")]).status, .notFound)
        XCTAssertEqual(try storedReports(admin), 0)
        XCTAssertNotNil(try admin.get("/admin").document().node("//a[@href='/admin/running-senders']"))
    }
}
