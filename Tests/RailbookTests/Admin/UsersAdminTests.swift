import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

final class UsersAdminTests: XCTestCase {
    private var admin: TestClient!
    private var user: TestClient!

    override func setUpWithError() throws {
        admin = try AdminFixtures.admin(on: try TestSite.makeClient())
        user = try AdminFixtures.user(on: admin.application)
    }

    private func userID(_ account: String) throws -> Int64 {
        try admin.application.database.read { try $0.queryOne("SELECT id FROM users WHERE account = ?", [account])!.int64("id") }
    }

    /// Searches on the users page and presses the `action` button in the row of `account`.
    @discardableResult
    private func press(_ action: String, on account: String) throws -> TestResponse {
        let page = try admin.get("/admin/users?q=" + account)
        let id = try userID(account)
        return try admin.submit(try page.document().form(action: "/admin/users/\(id)/\(action)"), from: page)
    }

    private func auditActions() throws -> [String] {
        try admin.application.database.read { try AuditLog.recent(limit: 10, in: $0) }.map(\.action)
    }

    func testOnlyAdministratorsReachTheUsersPageAndItsActions() throws {
        try AdminFixtures.assertAdminOnly("/admin/users", admin: admin)
        try AdminFixtures.assertAdminOnly("/admin/users?q=han", admin: admin)
        let target = try userID("li_lei")
        let userToken = try XCTUnwrap(try user.get("/me").document().form(action: "/logout").value("csrf"))
        let visitor = TestClient(application: admin.application)
        let visitorToken = try XCTUnwrap(try visitor.get("/login").document().form(action: "/login").value("csrf"))
        for action in ["lock", "unlock", "grant-admin", "revoke-admin"] {
            XCTAssertEqual(try user.post("/admin/users/\(target)/\(action)", fields: [("csrf", userToken)]).status, .notFound, action)
            XCTAssertEqual(try visitor.post("/admin/users/\(target)/\(action)", fields: [("csrf", visitorToken)]).status, .notFound, action)
        }
        XCTAssertEqual(try admin.application.database.read { try User.find(id: target, in: $0) }?.isLocked, false)
        XCTAssertEqual(try auditActions(), [])
        XCTAssertNotNil(try admin.get("/admin").document().node("//a[@href='/admin/users']"))
    }

    func testSearchFindsUsersByAccountMobileOrNameWithTheMobileMasked() throws {
        for query in ["han_mm", "HAN", "13900000000", "139000", "韩梅"] {
            let page = try admin.get("/admin/users?q=" + PercentEncoding.encode(query)).document()
            XCTAssertEqual(page.nodes("//tr[@data-user]").compactMap { $0.attribute("data-account") }, ["han_mm"], query)
        }
        let row = try XCTUnwrap(try admin.get("/admin/users?q=han").document().node("//tr[@data-account='han_mm']"))
        XCTAssertEqual(row.text("td[3]"), "139****0000")
        XCTAssertEqual(row.attribute("data-authority"), "user")
        XCTAssertEqual(row.attribute("data-locked"), "no")
        let none = try admin.get("/admin/users?q=%25").document()
        XCTAssertTrue(none.nodes("//tr[@data-user]").isEmpty, "% is a literal character, not a wildcard")
        XCTAssertNotNil(none.node("//p[@class='empty']"))
        let form = try admin.get("/admin/users").document().form(action: "/admin/users")
        XCTAssertEqual(form.method, "GET")
    }

    func testLockingEndsEverySessionAndBlocksLoginUntilUnlocked() throws {
        let otherBrowser = TestClient(application: admin.application)
        try AccountFixtures.logIn("han_mm", "Train2026!", with: otherBrowser)
        XCTAssertEqual(try otherBrowser.get("/me").target, "/me")

        let locked = try press("lock", on: "han_mm")
        XCTAssertEqual(try locked.document().node("//p[@role='status']") != nil, true)
        XCTAssertEqual(try locked.document().node("//tr[@data-account='han_mm']")?.attribute("data-locked"), "yes")
        XCTAssertEqual(
            try admin.application.database.read {
                try $0.queryOne("SELECT COUNT(*) AS count FROM sessions WHERE user_id = ?", [try userID("han_mm")])!.int("count")
            }, 0)
        XCTAssertTrue(try user.get("/me").target.hasPrefix("/login"), "the first browser is logged out")
        XCTAssertTrue(try otherBrowser.get("/me").target.hasPrefix("/login"), "the second browser is logged out")
        let refused = try AccountFixtures.logIn("han_mm", "Train2026!", with: otherBrowser)
        XCTAssertNotNil(try refused.document().node("//p[@role='alert']"))
        XCTAssertTrue(try otherBrowser.get("/me").target.hasPrefix("/login"))

        try press("unlock", on: "han_mm")
        try AccountFixtures.logIn("han_mm", "Train2026!", with: otherBrowser)
        XCTAssertEqual(try otherBrowser.get("/me").target, "/me")
        let entries = try admin.application.database.read { try AuditLog.recent(limit: 10, actionPrefix: "user.", in: $0) }
        XCTAssertEqual(entries.map(\.action), ["user.unlock", "user.lock"])
        XCTAssertEqual(entries.last?.subject, "user han_mm")
        XCTAssertEqual(entries.last?.before, "authority=user, locked=no")
        XCTAssertEqual(entries.last?.after, "authority=user, locked=yes")
        XCTAssertEqual(entries.last?.account, "li_lei")
    }

    func testGrantingAndRevokingTheAdministratorAuthority() throws {
        try press("grant-admin", on: "han_mm")
        XCTAssertEqual(try user.get("/admin/users").status, .ok)
        let page = try admin.get("/admin/users?q=han_mm").document()
        XCTAssertEqual(page.node("//tr[@data-account='han_mm']")?.attribute("data-authority"), "admin")
        try press("revoke-admin", on: "han_mm")
        XCTAssertEqual(try user.get("/admin/users").status, .notFound)
        XCTAssertEqual(try auditActions(), ["user.revoke-admin", "user.grant-admin"])
    }

    func testAdministratorsCannotChangeTheirOwnAccount() throws {
        let page = try admin.get("/admin/users?q=li_lei")
        let row = try XCTUnwrap(try page.document().node("//tr[@data-account='li_lei']"))
        XCTAssertTrue(row.nodes(".//form").isEmpty, "no buttons on one's own row")
        let token = try XCTUnwrap(try page.document().form(action: "/logout").value("csrf"))
        let ownID = try userID("li_lei")
        for action in ["lock", "revoke-admin"] {
            let refused = try admin.post("/admin/users/\(ownID)/\(action)", fields: [("csrf", token), ("q", "li_lei")])
            XCTAssertEqual(refused.status, .conflict, action)
            XCTAssertNotNil(try refused.document().node("//p[@role='alert']"), action)
        }
        let me = try XCTUnwrap(try admin.application.database.read { try User.find(id: ownID, in: $0) })
        XCTAssertTrue(me.isAdmin)
        XCTAssertFalse(me.isLocked)
        XCTAssertEqual(try auditActions(), [])
        XCTAssertEqual(try admin.post("/admin/users/999999/lock", fields: [("csrf", token)]).status, .notFound)
        XCTAssertEqual(try admin.post("/admin/users/abc/lock", fields: [("csrf", token)]).status, .notFound)
    }
}
