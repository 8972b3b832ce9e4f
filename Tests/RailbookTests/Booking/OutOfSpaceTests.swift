import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// A database that has run out of space pauses what writes, with a page that says so and a time
/// to come back, keeps nothing of a refused booking, and leaves the pages that only read working.
final class OutOfSpaceTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    func testAFullDiskPausesBookingsWithA503WhileReadingPagesGoOn() throws {
        let client = try BookingFixtures.traveller()
        let page = try BookingFixtures.bookPage(with: client)
        let form = try page.document().form(action: "/orders")
        let results = "/search?from=\(PercentEncoding.encode("甲城"))&to=\(PercentEncoding.encode("丙城"))&date=\(tomorrow)"
        let seatsBefore = try seatsLeft(try client.get(results))
        try FullDisk.fill(client.application)

        let refused = try client.submit(form, from: page)
        XCTAssertEqual(refused.status, .serviceUnavailable)
        XCTAssertEqual(refused.headers["Retry-After"], String(ErrorPage.outOfSpaceRetrySeconds))
        let document = try refused.document()
        XCTAssertEqual(
            document.text("//p[@class='error-page__status']/following-sibling::p[1]"),
            "订票暂停：本站暂时无法保存新的内容。您已有的订单安然无恙，查询等页面照常可用，请几分钟后再试。")
        XCTAssertEqual(try storedOrders(client), 0, "a refused booking left an order behind")

        for path in ["/", "/me", "/orders", results] {
            XCTAssertEqual(try client.get(path).status, .ok, "\(path) did not work while the disk was full")
        }
        XCTAssertEqual(try seatsLeft(try client.get(results)), seatsBefore, "a refused booking kept its seat")

        try FullDisk.free(client.application)
        let booked = try client.submit(form, from: page)
        XCTAssertTrue(booked.target.hasPrefix("/orders/"), "booking did not resume once there was space: \(booked.status) \(booked.target)")
        XCTAssertEqual(try storedOrders(client), 1)
        XCTAssertEqual(try seatsLeft(try client.get(results)), seatsBefore - 1)
    }

    func testWritesRefusedForLackOfSpaceAreLoggedOnceAMinuteWithHowManyThereWere() {
        struct DiskFull: DatabaseError {
            var isBusy: Bool { false }
            var isUniqueViolation: Bool { false }
            var isOutOfSpace: Bool { true }
        }
        let log = OutOfSpaceLog()
        var lines: [String] = []
        for second in 0..<150 { // a refused booking every second for two and a half minutes
            log.note(DiskFull(), while: "POST /orders", now: second * 1000) { lines.append($0) }
        }
        XCTAssertEqual(lines.count, 3, "\(lines)")
        XCTAssertTrue(lines[0].contains("(1 refused since the last line, the latest POST /orders)"), lines[0])
        XCTAssertTrue(lines[1].contains("(60 refused since the last line"), lines[1])
        XCTAssertTrue(OutOfSpaceLog.isOutOfSpace(DiskFull()))
    }

    private func storedOrders(_ client: TestClient) throws -> Int {
        try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM orders")?.int("n") } ?? -1
    }

    /// Second-class seats of G101 on a results page.
    private func seatsLeft(_ results: TestResponse) throws -> Int {
        let item = try XCTUnwrap(try results.document().node("//li[@data-train='G101']//li[@data-class='second']"))
        return try XCTUnwrap(Int(item.attribute("data-seats") ?? ""))
    }
}
