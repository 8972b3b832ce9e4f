import HTMLTesting
import HTTP
@testable import Railbook
import SQLite
import XCTest

/// An administrator, a plain user and a visitor on one application, for administration tests.
enum AdminFixtures {
    /// Registers 李雷 on `client`'s application and makes them an administrator.
    @discardableResult
    static func admin(on client: TestClient) throws -> TestClient {
        try AccountFixtures.register(with: client)
        try client.application.database.write { try $0.run("UPDATE users SET authority = 'admin' WHERE account = 'li_lei'") }
        return client
    }

    /// A second, ordinary user (韩梅梅) on the same application.
    static func user(on application: Application) throws -> TestClient {
        let client = TestClient(application: application)
        try AccountFixtures.register(AccountFixtures.Person(account: "han_mm", name: "韩梅梅",
                                                            certificateNumber: AccountFixtures.residentID(sequence: "224"),
                                                            mobile: "13900000000", gender: "female"), with: client)
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
