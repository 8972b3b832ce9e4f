import HTMLTesting
import HTTP
import Storage
import Synchronization
import XCTest

@testable import Railbook

/// One child under 6, saved by four accounts (a family's phones), carried free by each of them at the
/// same moment on trips overlapping tomorrow morning — G101 in three classes and G103 — so that no
/// coach is shared and only the lock on the child's document keeps them apart, on either database:
/// the child travels once; the other orders are refused with nothing held.
final class FreeChildRaceTests: XCTestCase {
    func testAChildCarriedByFourOrdersAtOnceTravelsOnce() throws {
        let first = try BookingFixtures.traveller()
        let application = first.application
        let tomorrow = ChinaTime.today().adding(days: 1)
        let birth = CivilDate(year: tomorrow.year - 4, month: tomorrow.month, day: min(tomorrow.day, 28))!
        let digits = String(format: "%04d%02d%02d", birth.year, birth.month, birth.day)
        var pages: [(TestClient, TestResponse, [Int64], Int64)] = []
        for index in 0..<4 {
            let client = index == 0 ? first : try AccountFixtures.rider(index, on: application)
            let child = try BookingFixtures.addPassenger("李小宝", sequence: "512", type: "child", birth: digits, with: client)
            let trip = [
                ("G101", "second", "甲城", "丙城"), ("G101", "first", "甲城", "丙城"), ("G101", "business", "甲城", "丙城"), ("G103", "second", "甲城", "乙城"),
            ][index]
            let page = try BookingFixtures.bookPage(train: trip.0, seatClass: trip.1, from: trip.2, to: trip.3, with: client)
            pages.append((client, page, [try BookingFixtures.holderID(client), child], child))
        }
        let outcomes = Mutex<[String]>([])
        // Each client is used by its own thread alone.
        nonisolated(unsafe) let everyone = pages
        DispatchQueue.concurrentPerform(iterations: everyone.count) { index in
            let (client, page, passengers, child) = everyone[index]
            let outcome =
                (try? BookingFixtures.book(page, passengers: passengers, types: [child: "free_child"], with: client)).map {
                    "\($0.status.code) \($0.target)"
                } ?? "error"
            outcomes.withLock { $0.append(outcome) }
        }
        let answers = outcomes.withLock { $0 }
        XCTAssertEqual(answers.filter { $0.contains("/orders/E") }.count, 1, "\(answers)")
        XCTAssertEqual(answers.filter { $0.hasPrefix("409") }.count, 3, "\(answers)")
        try application.database.read { db in
            XCTAssertEqual(try db.queryOne("SELECT COUNT(*) AS n FROM carried_children")?.int("n"), 1, "carried once")
            XCTAssertEqual(try db.queryOne("SELECT COUNT(*) AS n FROM orders")?.int("n"), 1, "the refused orders left nothing")
            XCTAssertEqual(try db.queryOne("SELECT COUNT(*) AS n FROM tickets")?.int("n"), 1)
        }
    }
}
