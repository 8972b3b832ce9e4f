import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The administration's searches ignore the case of Latin letters on both databases (SQLite's
/// LIKE does by itself, PostgreSQL's does not): `lower(column) LIKE lower(?)` everywhere.
final class CaseInsensitiveSearchTests: XCTestCase {
    func testUserSearchIgnoresCase() throws {
        let admin = try AdminFixtures.admin(on: try TestSite.makeClient())
        defer { admin.application.shutdown() }
        _ = try AdminFixtures.user(on: admin.application)
        for query in ["HAN_MM", "Han_Mm", "han_mm", "HAN"] {
            let page = try admin.get("/admin/users?q=" + PercentEncoding.encode(query)).document()
            XCTAssertEqual(page.nodes("//tr[@data-user]").compactMap { $0.attribute("data-account") }, ["han_mm"], query)
        }
    }

    func testStationSearchIgnoresCase() throws {
        let admin = try AdminFixtures.admin(on: try TimetableFixtures.client())
        defer { admin.application.shutdown() }
        for (query, expected) in [("YICHENG", ["BBB"]), ("YiCheng", ["BBB"]), ("JCD", ["AAB"]), ("ddd", ["DDD"]), ("Ddd", ["DDD"])] {
            let page = try admin.get("/admin/stations?q=\(PercentEncoding.encode(query))").document()
            XCTAssertEqual(page.nodes("//tr[@data-station]").compactMap { $0.attribute("data-station") }, expected, query)
        }
    }

    func testAuditLogPrefixIgnoresCase() throws {
        let application = try TestSite.makeApplication()
        defer { application.shutdown() }
        let entries = try application.database.write { db in
            let admin = try XCTUnwrap(
                try User.createWithoutDocuments(
                    account: "ops_admin", name: "运维", authority: .admin,
                    passwordHash: "x", now: 1, in: db))
            try AuditLog.record(userID: admin, action: "station.update", subject: "station AAA", before: "", after: "", now: 2, in: db)
            try AuditLog.record(userID: admin, action: "user.lock", subject: "user x", before: "", after: "", now: 3, in: db)
            return try AuditLog.recent(limit: 10, actionPrefix: "Station.", in: db)
        }
        XCTAssertEqual(entries.map(\.action), ["station.update"])
    }
}
