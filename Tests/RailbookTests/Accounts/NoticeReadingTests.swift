import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// Notices from the railway are counted in the header until the user opens their "My" page,
/// which marks them new once and read from then on.
final class NoticeReadingTests: XCTestCase {
    private var client: TestClient!

    override func setUpWithError() throws {
        client = try BookingFixtures.traveller()
    }

    private func send(_ count: Int) throws {
        let userID = try BookingFixtures.holderID(client)
        try client.application.database.write { db in
            let owner = try db.queryOne("SELECT user_id FROM passengers WHERE id = ?", [userID])!.int64("user_id")
            for index in 1...count {
                try Notice.send(
                    "notice_run_delayed", arguments: ["G10\(index)", "2026-12-01", "15"], to: [owner],
                    now: ChinaTime.now(), in: db)
            }
        }
    }

    private func headerCount(_ target: String) throws -> String? {
        try client.get(target).document().node("//header//a[@href='/me']//span[@data-unread-notices]")?.attribute("data-unread-notices")
    }

    func testTheHeaderCountsUnreadNoticesUntilTheMyPageShowsThem() throws {
        XCTAssertNil(try headerCount("/"))
        try send(2)
        XCTAssertEqual(try headerCount("/"), "2")
        XCTAssertEqual(try headerCount("/orders"), "2")
        _ = try client.send(.head, "/me", headers: Headers(), body: [], followRedirects: false)
        XCTAssertEqual(try headerCount("/"), "2", "a HEAD request reads nothing")

        let me = try client.get("/me").document()
        XCTAssertEqual(me.nodes("//li[@data-notice][@data-unread='true']").count, 2, "shown as new the first time")
        XCTAssertNil(me.node("//header//span[@data-unread-notices]"), "the page that shows them does not count them")
        XCTAssertEqual(try headerCount("/"), nil)
        let again = try client.get("/me").document()
        XCTAssertEqual(again.nodes("//li[@data-notice]").count, 2)
        XCTAssertEqual(again.nodes("//li[@data-notice][@data-unread]").count, 0, "read from then on")

        try send(1)
        XCTAssertEqual(try headerCount("/"), "1")
        XCTAssertEqual(try client.get("/me").document().nodes("//li[@data-notice][@data-unread='true']").count, 1)
    }

    func testAnotherUsersNoticesAreNotCounted() throws {
        try send(3)
        let other = try AdminFixtures.user(on: client.application)
        XCTAssertNil(try other.get("/").document().node("//span[@data-unread-notices]"))
        XCTAssertEqual(try other.get("/me").document().nodes("//li[@data-notice]").count, 0)
        XCTAssertEqual(try headerCount("/"), "3")
    }
}

/// The header counts unread notices on pages with forms too (they are drawn by the same layout path).
final class NoticeCountOnFormPagesTests: XCTestCase {
    func testFormPagesCountUnreadNoticesInTheHeader() throws {
        let client = try BookingFixtures.traveller()
        try client.application.database.write { db in
            let owner = try db.queryOne("SELECT id FROM users WHERE account = ?", [AccountFixtures.Person().account])!.int64("id")
            try Notice.send("notice_run_delayed", arguments: ["G101", "2026-12-01", "15"], to: [owner], now: ChinaTime.now(), in: db)
        }
        for target in ["/me/addresses", "/me/addresses/new", "/me/password", "/me/edit", "/feedback", "/me/passengers/new", "/"] {
            let count = try client.get(target).document()
                .node("//header//a[@href='/me']//span[@data-unread-notices]")?.attribute("data-unread-notices")
            XCTAssertEqual(count, "1", "the header of \(target)")
        }
    }
}
