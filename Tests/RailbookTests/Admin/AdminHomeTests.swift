import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

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
            try AuditLog.record(
                userID: userID, action: "station.update", subject: "station VNP", before: "北京南", after: "北京南站",
                now: 1_000, in: db)
            try AuditLog.record(
                userID: userID, action: "run.cancel", subject: "G1 2026-12-01", before: "scheduled", after: "cancelled",
                now: 2_000, in: db)
        }
        let document = try admin.get("/admin/audit").document()
        XCTAssertEqual(document.nodes("//tr[@data-audit]").compactMap { $0.attribute("data-action") }, ["run.cancel", "station.update"])
        XCTAssertEqual(document.text("//tr[@data-action='station.update']/td[2]"), "li_lei")
    }

    func testAuditDetailsAreReadableInBothLanguages() throws {
        let admin = try AdminFixtures.admin(on: try TestSite.makeClient())
        let userID = try admin.application.database.read { try $0.queryOne("SELECT id FROM users WHERE account = 'li_lei'")!.int64("id") }
        try admin.application.database.write { db in
            try AuditLog.record(
                userID: userID, action: "shop.product", subject: "product 7", before: "price=¥35 stock=3 available=yes",
                after: "price=¥38.5 stock=12 available=no", now: 1_000, in: db)
            try AuditLog.record(
                userID: userID, action: "user.lock", subject: "user wang", before: "authority=user, locked=no",
                after: "authority=user, locked=yes", now: 2_000, in: db)
        }
        let chinese = try admin.get("/admin/audit").document()
        XCTAssertEqual(chinese.text("//tr[@data-action='shop.product']/td[3]"), "修改商品")
        XCTAssertEqual(chinese.text("//tr[@data-action='shop.product']/td[4]"), "商品 7")
        XCTAssertEqual(chinese.text("//tr[@data-action='shop.product']/td[5]"), "价格：¥35，库存：3，在售：是")
        XCTAssertEqual(chinese.text("//tr[@data-action='shop.product']/td[6]"), "价格：¥38.5，库存：12，在售：否")
        XCTAssertEqual(chinese.text("//tr[@data-action='user.lock']/td[6]"), "权限：普通用户，锁定：是")
        _ = try admin.get("/language/en?back=/admin/audit")
        let english = try admin.get("/admin/audit").document()
        XCTAssertEqual(english.text("//tr[@data-action='shop.product']/td[3]"), "Product changed")
        XCTAssertEqual(english.text("//tr[@data-action='shop.product']/td[5]"), "price: ¥35, stock: 3, available: yes")
        XCTAssertEqual(english.text("//tr[@data-action='user.lock']/td[6]"), "authority: user, locked: yes")
    }
}
