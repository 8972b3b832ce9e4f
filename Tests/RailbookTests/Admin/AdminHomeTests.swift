import HTMLTesting
import HTTP
@testable import Railbook
import XCTest

final class AdminHomeTests: XCTestCase {
    func testOnlyAdministratorsSeeTheAdministrationAndItsAuditLog() throws {
        let admin = try AdminFixtures.admin(on: try TestSite.makeClient())
        try AdminFixtures.assertAdminOnly("/admin", admin: admin)
        try AdminFixtures.assertAdminOnly("/admin/audit", admin: admin)
        XCTAssertNotNil(try admin.get("/").document().node("//nav//a[@href='/admin']"))
        XCTAssertNil(try AdminFixtures.user(on: admin.application).get("/").document().node("//nav//a[@href='/admin']"))
    }

    func testAuditEntriesAreListedNewestFirst() throws {
        let admin = try AdminFixtures.admin(on: try TestSite.makeClient())
        let userID = try admin.application.database.read { try $0.queryOne("SELECT id FROM users WHERE account = 'li_lei'")!.int64("id") }
        try admin.application.database.write { db in
            try AuditLog.record(userID: userID, action: "station.update", subject: "station VNP", before: "北京南", after: "北京南站",
                                now: 1_000, in: db)
            try AuditLog.record(userID: userID, action: "run.cancel", subject: "G1 2026-12-01", before: "scheduled", after: "cancelled",
                                now: 2_000, in: db)
        }
        let document = try admin.get("/admin/audit").document()
        XCTAssertEqual(document.nodes("//tr[@data-audit]").compactMap { $0.attribute("data-action") }, ["run.cancel", "station.update"])
        XCTAssertEqual(document.text("//tr[@data-action='station.update']/td[2]"), "li_lei")
    }
}
