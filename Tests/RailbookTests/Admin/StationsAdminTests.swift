import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

final class StationsAdminTests: XCTestCase {
    private var admin: TestClient!

    override func setUpWithError() throws {
        admin = try AdminFixtures.admin(on: try TimetableFixtures.client())
    }

    private func stationID(_ telecode: String) throws -> Int64 {
        try admin.application.database.read { try $0.queryOne("SELECT id FROM stations WHERE telecode = ?", [telecode])!.int64("id") }
    }

    /// Opens the add form (or the edit form of `telecode`), fills it with `values` over what is there, submits it.
    private func submit(_ values: [String: String], editing telecode: String? = nil) throws -> TestResponse {
        let target = try telecode.map { "/admin/stations/\(try stationID($0))/edit" } ?? "/admin/stations/new"
        let page = try admin.get(target)
        let action = try telecode.map { "/admin/stations/\(try stationID($0))" } ?? "/admin/stations"
        var form = try page.document().form(action: action)
        for (name, value) in values { try form.fill(name, value) }
        return try admin.submit(form, from: page)
    }

    private let newStation = ["name": "戊城", "pinyin": "wucheng", "initials": "wc", "telecode": "EEE", "city": "戊城", "hot": "1"]

    func testOnlyAdministratorsReachTheStationPagesAndActions() throws {
        let id = try stationID("AAA")
        try AdminFixtures.assertAdminOnly("/admin/stations", admin: admin)
        try AdminFixtures.assertAdminOnly("/admin/stations?q=jia", admin: admin)
        try AdminFixtures.assertAdminOnly("/admin/stations/new", admin: admin)
        try AdminFixtures.assertAdminOnly("/admin/stations/\(id)/edit", admin: admin)
        let user = try WaitlistFixtures.member("wang_w", name: "王伟", sequence: "301", mobile: "13700000001", on: admin.application)
        let userToken = try XCTUnwrap(try user.get("/me").document().form(action: "/logout").value("csrf"))
        let visitor = TestClient(application: admin.application)
        let visitorToken = try XCTUnwrap(try visitor.get("/login").document().form(action: "/login").value("csrf"))
        for (client, token) in [(user, userToken), (visitor, visitorToken)] {
            let fields = [("csrf", token)] + newStation.map { ($0.key, $0.value) }
            XCTAssertEqual(try client.post("/admin/stations", fields: fields).status, .notFound)
            XCTAssertEqual(try client.post("/admin/stations/\(id)", fields: fields).status, .notFound)
        }
        XCTAssertEqual(try admin.application.database.read { try $0.queryOne("SELECT count(*) AS n FROM stations")!.int("n") }, 5)
        XCTAssertEqual(try admin.get("/admin/stations/99999/edit").status, .notFound)
        XCTAssertNotNil(try admin.get("/admin").document().node("//a[@href='/admin/stations']"))
    }

    func testTheListSearchesByNamePinyinInitialsTelecodeAndCity() throws {
        func listed(_ query: String) throws -> [String] {
            try admin.get("/admin/stations?q=\(PercentEncoding.encode(query))").document().nodes("//tr[@data-station]").compactMap {
                $0.attribute("data-station")
            }
        }
        XCTAssertEqual(try listed(""), ["CCC", "DDD", "AAA", "AAB", "BBB"])
        XCTAssertEqual(try listed("甲城东"), ["AAB"])
        XCTAssertEqual(try listed("yicheng"), ["BBB"])
        XCTAssertEqual(try listed("jcd"), ["AAB"])
        XCTAssertEqual(try listed("ddd"), ["DDD"])
        XCTAssertEqual(try listed("甲城"), ["AAA", "AAB"])
        XCTAssertEqual(try listed("%"), ["CCC", "DDD", "AAA", "AAB", "BBB"])
    }

    func testAddingAStationMakesItSearchableAndAudited() throws {
        let list = try submit(newStation)
        XCTAssertEqual(list.status, .ok)
        XCTAssertEqual(list.redirects.first?.hasPrefix("/admin/stations?saved=1"), true)
        XCTAssertNotNil(try list.document().node("//tr[@data-station='EEE']"))
        let stations = try admin.get("/stations?q=wucheng").document()
        XCTAssertTrue(stations.text("//main")?.contains("戊城") == true)
        XCTAssertEqual(admin.application.railway.resolver.resolve("wc")?.telecode, "EEE")
        let entry = try XCTUnwrap(try admin.application.database.read { try AuditLog.recent(limit: 1, in: $0) }.first)
        XCTAssertEqual(entry.action, "station.create")
        XCTAssertEqual(entry.subject, "station EEE")
        XCTAssertEqual(entry.account, "li_lei")
        XCTAssertTrue(entry.after.contains("戊城"), entry.after)
    }

    func testEditingAStationChangesItAndRecordsBeforeAndAfter() throws {
        let edit = try admin.get("/admin/stations/\(try stationID("DDD"))/edit")
        XCTAssertEqual(try edit.document().form(action: "/admin/stations/\(try stationID("DDD"))").value("name"), "丁城")
        let list = try submit(["name": "丁城北", "pinyin": "dingchengbei", "initials": "dcb"], editing: "DDD")
        XCTAssertEqual(list.status, .ok)
        XCTAssertEqual(try list.document().text("//tr[@data-station='DDD']/td[2]"), "丁城北")
        XCTAssertEqual(admin.application.railway.timetable.stationsByTelecode["DDD"]?.name, "丁城北")
        let results = try admin.get("/search?from=\(PercentEncoding.encode("甲城"))&to=dingchengbei&date=\(ChinaTime.today().adding(days: 1))")
        XCTAssertNotNil(try results.document().node("//li[@data-train='K201']"))
        let entry = try XCTUnwrap(try admin.application.database.read { try AuditLog.recent(limit: 1, in: $0) }.first)
        XCTAssertEqual(entry.action, "station.update")
        XCTAssertEqual(entry.subject, "station DDD")
        XCTAssertTrue(entry.before.contains("丁城 dingcheng/dc"), entry.before)
        XCTAssertTrue(entry.after.contains("丁城北 dingchengbei/dcb"), entry.after)
    }

    func testAStationsPositionIsSavedShownAgainAndCleared() throws {
        let list = try submit(["latitude": "39.865", "longitude": "-116.3795"], editing: "DDD")
        XCTAssertEqual(list.status, .ok)
        let edit = try admin.get("/admin/stations/\(try stationID("DDD"))/edit").document().form(action: "/admin/stations/\(try stationID("DDD"))")
        XCTAssertEqual(edit.value("latitude"), "39.865000")
        XCTAssertEqual(edit.value("longitude"), "-116.379500")
        XCTAssertEqual(
            admin.application.railway.timetable.stationsByTelecode["DDD"]?.position,
            StationPosition(latitudeMicro: 39_865_000, longitudeMicro: -116_379_500))
        let entry = try XCTUnwrap(try admin.application.database.read { try AuditLog.recent(limit: 1, in: $0) }.first)
        XCTAssertTrue(entry.after.hasSuffix(" at 39.865000,-116.379500"), entry.after)
        // Both cleared: no position again.
        XCTAssertEqual(try submit(["latitude": "", "longitude": ""], editing: "DDD").status, .ok)
        XCTAssertNil(admin.application.railway.timetable.stationsByTelecode["DDD"]?.position)
    }

    func testBadInputComesBackWithMessagesAndTheValues() throws {
        let cases: [([String: String], String)] = [
            (["telecode": "AAA"], "telecode"),
            (["name": "甲城"], "name"),
            (["telecode": "ee1"], "telecode"),
            (["telecode": "EEEE"], "telecode"),
            (["pinyin": "Wu Cheng"], "pinyin"),
            (["initials": "WC"], "initials"),
            (["name": ""], "name"),
            (["pinyin": ""], "pinyin"),
            (["initials": ""], "initials"),
            (["city": ""], "city"),
            (["telecode": ""], "telecode"),
            (["latitude": "39.865"], "longitude"),
            (["longitude": "116.379"], "latitude"),
            (["latitude": "95", "longitude": "116.379"], "latitude"),
            (["latitude": "39.865", "longitude": "-180.5"], "longitude"),
            (["latitude": "39.8650001", "longitude": "116.379"], "latitude"),
            (["latitude": "39,865", "longitude": "116.379"], "latitude"),
            (["latitude": "39.", "longitude": "116.379"], "latitude"),
        ]
        for (changes, field) in cases {
            let response = try submit(newStation.merging(changes) { $1 })
            XCTAssertEqual(response.status, .unprocessableContent, "\(changes)")
            let document = try response.document()
            XCTAssertNotNil(document.node("//p[@id='field-\(field)-error']"), "\(changes)")
            XCTAssertEqual(document.count("//p[@class='field-error']"), 1, "\(changes)")
            XCTAssertEqual(try document.form(action: "/admin/stations").value("city"), changes["city"] ?? "戊城")
        }
        let renamed = try submit(["telecode": "AAB"], editing: "AAA")
        XCTAssertEqual(renamed.status, .unprocessableContent)
        XCTAssertNotNil(try renamed.document().node("//p[@id='field-telecode-error']"))
        let stations = try admin.application.database.read { try $0.queryOne("SELECT count(*) AS n FROM stations")!.int("n") }
        XCTAssertEqual(stations, 5)
        XCTAssertTrue(try admin.application.database.read { try AuditLog.recent(limit: 5, in: $0) }.isEmpty)
    }
}
