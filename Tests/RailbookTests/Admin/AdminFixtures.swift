import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// An administrator, a plain user and a visitor on one application, for administration tests.
enum AdminFixtures {
    /// Registers 李雷 on `client`'s application and makes them an administrator.
    @discardableResult
    static func admin(on client: TestClient) throws -> TestClient {
        try AccountFixtures.register(with: client)
        _ = try client.application.database.write { try $0.run("UPDATE users SET authority = 'admin' WHERE account = 'li_lei'") }
        return client
    }

    /// A second, ordinary user (韩梅梅) on the same application, logged in (registered the first time).
    static func user(on application: Application, file: StaticString = #filePath, line: UInt = #line) throws -> TestClient {
        let client = TestClient(application: application)
        let person = AccountFixtures.Person(
            account: "han_mm", name: "韩梅梅", certificateNumber: AccountFixtures.residentID(sequence: "224"),
            mobile: "13900000000", gender: "female")
        let exists = try application.database.read { try $0.queryOne("SELECT id FROM users WHERE account = 'han_mm'") != nil }
        let page =
            exists
            ? try AccountFixtures.logIn(person.account, person.password, with: client)
            : try AccountFixtures.register(person, with: client)
        XCTAssertEqual(page.target, "/me", "the ordinary user is logged in", file: file, line: line)
        return client
    }

    /// Asserts that `target` is a 404 for a visitor and an ordinary user, and a page for the administrator.
    static func assertAdminOnly(_ target: String, admin: TestClient, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try TestClient(application: admin.application).get(target).status, .notFound, "visitor", file: file, line: line)
        XCTAssertEqual(try user(on: admin.application).get(target).status, .notFound, "user", file: file, line: line)
        let page = try admin.get(target)
        XCTAssertEqual(page.status, .ok, "admin", file: file, line: line)
        _ = try page.document()
    }
}
