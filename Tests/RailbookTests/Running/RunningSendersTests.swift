import HTMLTesting
import HTTP
import Secrets
import Storage
import XCTest

@testable import Railbook

/// Running reports from a train-tracking system: a sender added by an administrator (its key shown
/// once) signs each report; unsigned, forged, stale, replayed or revoked reports are refused and
/// store nothing.
final class RunningSendersTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    /// Adds sender `name` through the back office; returns its key as the page shows it.
    private func addSender(_ name: String, with admin: TestClient) throws -> HMACKey {
        let page = try admin.get("/admin/running-senders")
        var form = try page.document().form(action: "/admin/running-senders")
        try form.fill("name", name)
        let added = try admin.submit(form, from: page)
        XCTAssertEqual(added.status, .ok)
        let key = try XCTUnwrap(try added.document().text("//code[@data-key]"))
        XCTAssertNil(try admin.get("/admin/running-senders").document().node("//code[@data-key]"), "the key is shown once")
        return try XCTUnwrap(HMACKey(base64: key))
    }

    private func message(_ fields: [String: String], sender: String, at timestamp: Int = ChinaTime.now()) -> RunningMessage {
        var all = ["sender": sender, "train": "G101", "date": tomorrow.description, "station": "AAA", "timestamp": String(timestamp)]
        all.merge(fields) { $1 }
        return RunningMessage(fields: all)
    }

    private func send(_ body: String, with client: TestClient) throws -> TestResponse {
        var headers = Headers()
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        return try client.send(.post, RunningReportsController.path, headers: headers, body: Array(body.utf8), followRedirects: false)
    }

    private func stored(_ client: TestClient) throws -> Int {
        try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM running_times")?.int("n") ?? 0 }
    }

    func testASignedReportIsStoredOnceAndShownOnTheTrainsPage() throws {
        let admin = try ShopOrderFixtures.admin(of: try BookingFixtures.traveller())
        let key = try addSender("tracker-1", with: admin)
        let system = TestClient(application: admin.application)
        let live = "//tr[@data-station='CCC']/td[contains(@class,'stop__live')]"
        XCTAssertNil(try system.get("/trains/G101?date=\(tomorrow)").document().node(live), "nothing known of the run yet")
        let report = message(["departure": "08:20", "departure_kind": "actual", "platform": "7", "gate": "B2"], sender: "tracker-1")
        let body = report.body(signedWith: key)
        let answer = try send(body, with: system)
        XCTAssertEqual(answer.status, .ok)
        XCTAssertEqual(answer.text, "stored")
        let status = try system.get("/trains/G101?date=\(tomorrow)").document()
        XCTAssertEqual(status.node(live)?.attribute("data-delay"), "16", "the run's reports read again once one was stored")
        XCTAssertEqual(status.text("//tr[@data-station='AAA']//dd[@data-gate]"), "B2")

        let replayed = try send(body, with: system)
        XCTAssertEqual(replayed.status, .conflict, "the same report sent again")
        XCTAssertEqual(try stored(admin), 1)
    }

    func testUnsignedForgedStaleUnknownAndRevokedReportsAreRefusedAndStoreNothing() throws {
        let admin = try ShopOrderFixtures.admin(of: try BookingFixtures.traveller())
        let key = try addSender("tracker-1", with: admin)
        let system = TestClient(application: admin.application)
        let fields = ["arrival": "09:30"] as [String: String]
        let good = message(fields.merging(["station": "BBB"]) { $1 }, sender: "tracker-1")
        let unsigned = good.body(signedWith: key).replacingOccurrences(of: "&signature=", with: "&unsigned=")
        XCTAssertEqual(try send(unsigned, with: system).status, .badRequest)
        XCTAssertEqual(try send(good.body(signedWith: HMACKey.generate()), with: system).status, .unauthorized, "another key")
        let tampered = good.body(signedWith: key).replacingOccurrences(of: "09%3A30", with: "09%3A40")
        XCTAssertEqual(try send(tampered, with: system).status, .unauthorized, "a field changed after signing")
        let stale = message(["station": "BBB", "arrival": "09:30"], sender: "tracker-1", at: ChinaTime.now() - 600)
        XCTAssertEqual(try send(stale.body(signedWith: key), with: system).text, "stale timestamp")
        let stranger = message(["station": "BBB", "arrival": "09:30"], sender: "nobody")
        XCTAssertEqual(try send(stranger.body(signedWith: key), with: system).status, .unauthorized)
        let notAStop = message(["station": "DDD", "arrival": "09:30"], sender: "tracker-1")
        let refused = try send(notAStop.body(signedWith: key), with: system)
        XCTAssertEqual(refused.status, .unprocessableContent)
        XCTAssertEqual(refused.text, "The train does not call at that station.")
        let threeDays = message(["station": "BBB", "arrival": "09:00+2"], sender: "tracker-1")
        XCTAssertEqual(try send(threeDays.body(signedWith: key), with: system).status, .unprocessableContent)
        let noRun = message(["station": "BBB", "arrival": "09:30", "date": "2020-01-01"], sender: "tracker-1")
        XCTAssertEqual(try send(noRun.body(signedWith: key), with: system).status, .notFound)
        XCTAssertEqual(try stored(admin), 0)

        // Revoked: refused from then on.
        let list = try admin.get("/admin/running-senders")
        let revoked = try admin.submit(try list.document().form("//tr[@data-sender='tracker-1']//form"), from: list)
        XCTAssertEqual(try revoked.document().node("//tr[@data-sender='tracker-1']")?.attribute("data-revoked"), "true")
        XCTAssertEqual(try send(good.body(signedWith: key), with: system).status, .unauthorized)
        XCTAssertEqual(try stored(admin), 0)
    }

    func testSenderNamesAreCheckedAndUnique() throws {
        let admin = try ShopOrderFixtures.admin(of: try BookingFixtures.traveller())
        _ = try addSender("tracker-1", with: admin)
        for (name, message) in [("Tracker 1", "名称为 1 至 40 个小写字母、数字、连字符或下划线。"), ("tracker-1", "已有同名来源。")] {
            let page = try admin.get("/admin/running-senders")
            var form = try page.document().form(action: "/admin/running-senders")
            try form.fill("name", name)
            let refused = try admin.submit(form, from: page)
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertEqual(try refused.document().text("//p[@role='alert']"), message)
            XCTAssertEqual(try refused.document().node("//input[@name='name']")?.attribute("value"), name)
        }
        XCTAssertEqual(try admin.application.database.read { try $0.query("SELECT id FROM running_senders").count }, 1)
    }
}
