import Foundation
import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The open feeds read by independent readers (partridge for the GTFS zip, Google's
/// gtfs-realtime-bindings for the realtime feeds, `Tests/Support/gtfs_read.py`): tomorrow's G101
/// (甲城 08:00 → 乙城 09:00/09:02 → 丙城 10:00) before and after an administrator reports a delay,
/// and a cancelled run.
final class FeedsTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    /// Reads `bytes` as `kind` (`schedule` with a trip id, `trip-updates`, `alerts`) with the Python readers.
    private func read(_ kind: String, _ bytes: [UInt8], _ extra: [String] = []) throws -> [String: Any] {
        let setup = try ServerProcess.runProgram(TestSite.projectRoot + "/Tests/Support/gtfs_setup.sh", [], timeout: 600)
        XCTAssertEqual(setup.status, 0, setup.output)
        let python = try XCTUnwrap(setup.output.split(separator: "\n").last.map(String.init))
        let file = try TestSite.temporaryDirectory() + (kind == "schedule" ? "/feed.zip" : "/feed.pb")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let result = try ServerProcess.runProgram(python, [TestSite.projectRoot + "/Tests/Support/gtfs_read.py", kind, file] + extra, timeout: 120)
        XCTAssertEqual(result.status, 0, result.output)
        let json = try XCTUnwrap(result.output.split(separator: "\n").last.map { Data($0.utf8) })
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any], result.output)
    }

    private func get(_ target: String, with client: TestClient) throws -> [UInt8] {
        let response = try client.get(target)
        XCTAssertEqual(response.status, .ok, target)
        return response.body
    }

    func testTheScheduleIsAGTFSFeedOfTheRunsOnSale() throws {
        let client = try BookingFixtures.traveller()
        let response = try client.get("/gtfs.zip")
        XCTAssertEqual(response.headers["Content-Type"], "application/zip")
        let feed = try read("schedule", response.body, ["G101"])
        XCTAssertEqual(feed["agency"] as? [String], ["Railbook"])
        XCTAssertEqual(feed["stops"] as? Int, 5)
        XCTAssertEqual(feed["routes"] as? Int, 4)
        XCTAssertEqual(feed["route_type"] as? [Int], [2], "rail")
        let stopTimes = try XCTUnwrap(feed["stop_times"] as? [[Any]])
        XCTAssertEqual(stopTimes.map { $0[0] as? String }, ["AAA", "BBB", "CCC"])
        XCTAssertEqual(stopTimes.map { $0[1] as? Int }, [8 * 3600, 9 * 3600, 10 * 3600])
        XCTAssertEqual(stopTimes.map { $0[2] as? Int }, [8 * 3600, 9 * 3600 + 120, 10 * 3600])
        let dates = try XCTUnwrap(feed["dates"] as? [String])
        XCTAssertTrue(dates.contains(tomorrow.description), "\(dates)")
        XCTAssertEqual(dates.count, 15, "every day of the presale window")
        let overnight = try read("schedule", response.body, ["K201"])
        XCTAssertEqual((overnight["stop_times"] as? [[Any]])?.map { $0[1] as? Int }, [22 * 3600, 26 * 3600, 31 * 3600], "past 24:00")
    }

    func testAPositionEnteredOnAStationsAdminPageIsItsStopsPosition() throws {
        let admin = try ShopOrderFixtures.admin(of: try BookingFixtures.traveller())
        XCTAssertEqual((try read("schedule", try get("/gtfs.zip", with: admin), ["G101"])["positions"] as? [String: Any])?.count, 0)
        let id = try admin.application.database.read { try $0.queryOne("SELECT id FROM stations WHERE telecode = 'BBB'")!.int64("id") }
        let page = try admin.get("/admin/stations/\(id)/edit")
        var form = try page.document().form(action: "/admin/stations/\(id)")
        try form.fill("latitude", "31.9685")
        try form.fill("longitude", "118.7976")
        XCTAssertEqual(try admin.submit(form, from: page).status, .ok)
        let positions = try XCTUnwrap(try read("schedule", try get("/gtfs.zip", with: admin), ["G101"])["positions"] as? [String: [Double]])
        XCTAssertEqual(Array(positions.keys), ["BBB"], "the others have none yet")
        XCTAssertEqual(positions["BBB"]?[0] ?? 0, 31.9685, accuracy: 0.000_000_1)
        XCTAssertEqual(positions["BBB"]?[1] ?? 0, 118.7976, accuracy: 0.000_000_1)
    }

    func testADelayEnteredOnTheAdminPageAndACancellationAppearInTheRealtimeFeeds() throws {
        let admin = try ShopOrderFixtures.admin(of: try BookingFixtures.traveller())
        admin.application.stopClock() // one minute throughout: each feed is made again only because its data changed
        let date = tomorrow.description.replacingOccurrences(of: "-", with: "")
        let before = try read("schedule", try get("/gtfs.zip", with: admin), ["G101"])
        XCTAssertTrue((before["dates"] as? [String] ?? []).contains(tomorrow.description))
        let quiet = try read("trip-updates", try get("/gtfs-rt/trip-updates", with: admin))
        XCTAssertEqual(quiet["version"] as? String, "2.0")
        XCTAssertEqual((quiet["entities"] as? [Any])?.count, 0, "nothing runs late yet")
        XCTAssertEqual((try read("alerts", try get("/gtfs-rt/alerts", with: admin))["entities"] as? [Any])?.count, 0)

        let runID = try WaitlistFixtures.runID(admin)
        let page = try admin.get("/admin/runs/\(runID)/running")
        var form = try page.document().form("//li[@data-stop='AAA']//form")
        try form.fill("departure", "08:30")
        try form.fill("departure_kind", "actual")
        XCTAssertEqual(try admin.submit(form, from: page).status, .ok)

        let updates = try read("trip-updates", try get("/gtfs-rt/trip-updates", with: admin))
        let entity = try XCTUnwrap((updates["entities"] as? [[String: Any]])?.first)
        XCTAssertEqual(entity["trip_id"] as? String, "G101")
        XCTAssertEqual(entity["start_date"] as? String, date)
        XCTAssertEqual(entity["relationship"] as? Int, 0)
        let stops = try XCTUnwrap(entity["stops"] as? [[Any]])
        XCTAssertEqual(stops.map { $0[1] as? String }, ["AAA", "BBB", "CCC"])
        XCTAssertEqual(stops.map { $0[3] as? Int }, [1800, 1680, nil], "departure delays in seconds")
        XCTAssertEqual(stops.map { $0[2] as? Int }, [nil, 1680, 1560], "arrival delays in seconds")
        XCTAssertEqual(stops[2][4] as? Int, RunLeg.unixTime(tomorrow, minute: 10 * 60 + 26))
        let delayed = try read("alerts", try get("/gtfs-rt/alerts", with: admin))
        let alert = try XCTUnwrap((delayed["entities"] as? [[String: Any]])?.first)
        XCTAssertEqual(alert["effect"] as? Int, 3, "SIGNIFICANT_DELAYS")
        XCTAssertEqual((alert["header"] as? [String: String])?["en"], "G101 on \(tomorrow) is running about 30 minutes late.")

        let confirmation = try admin.get("/admin/runs/\(runID)/cancel")
        _ = try admin.submit(try confirmation.document().form(action: "/admin/runs/\(runID)/cancel"), from: confirmation)
        let cancelled = try read("trip-updates", try get("/gtfs-rt/trip-updates", with: admin))
        let cancelledEntity = try XCTUnwrap((cancelled["entities"] as? [[String: Any]])?.first)
        XCTAssertEqual(cancelledEntity["relationship"] as? Int, 3, "CANCELED")
        XCTAssertEqual((cancelledEntity["stops"] as? [Any])?.count, 0)
        let noService = try read("alerts", try get("/gtfs-rt/alerts", with: admin))
        let cancelAlert = try XCTUnwrap((noService["entities"] as? [[String: Any]])?.first)
        XCTAssertEqual(cancelAlert["effect"] as? Int, 1, "NO_SERVICE")
        XCTAssertEqual(cancelAlert["trips"] as? [String], ["G101/\(date)"])
        XCTAssertEqual((cancelAlert["header"] as? [String: String])?["zh-CN"], "\(tomorrow) 的 G101 次列车停运。")
        let schedule = try read("schedule", try get("/gtfs.zip", with: admin), ["G101"])
        XCTAssertFalse((schedule["dates"] as? [String] ?? []).contains(tomorrow.description), "a cancelled run's date is left out")
    }
}
