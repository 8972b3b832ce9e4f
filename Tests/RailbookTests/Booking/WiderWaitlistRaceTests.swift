import HTMLTesting
import HTTP
import Storage
import Synchronization
import XCTest

@testable import Railbook

/// A waitlist covering G101 second class tomorrow and the day after, while a seat of each comes back
/// at the same moment (two unpaid orders cancelled at once), on either database: it is served once,
/// on one of them, and the other seat stays free.
final class WiderWaitlistRaceTests: XCTestCase {
    func testSeatsFreedOnTwoChoicesAtOnceServeTheWaitlistOnce() throws {
        let client = try BookingFixtures.traveller()
        let application = client.application
        let holders = try (0..<2).map { try AccountFixtures.rider($0 + 1, on: application) }
        let held = try holders.enumerated().map { offset, holder in try WiderWaitlistFixtures.hold(dayOffset: offset, seller: holder) }
        try WiderWaitlistFixtures.sellOut(days: [0, 1], also: [], on: application)
        let paid = try WiderWaitlistFixtures.joinWithTheFirstOtherTrip(with: client)
        XCTAssertEqual(try WaitlistFixtures.state(paid.target, with: client).status, "waiting")

        // Each holder is used by its own thread alone.
        nonisolated(unsafe) let cancels = Array(zip(holders, held))
        let answers = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: cancels.count) { index in
            let (holder, order) = cancels[index]
            let answer = (try? WaitlistFixtures.cancel(order, with: holder)).map { "\($0.status.code)" } ?? "error"
            answers.withLock { $0.append(answer) }
        }
        XCTAssertEqual(answers.withLock { $0 }, ["200", "200"])
        XCTAssertEqual(try WaitlistFixtures.state(paid.target, with: client).status, "fulfilled")
        try application.database.read { db in
            let orders = try db.queryOne("SELECT COUNT(*) AS n FROM orders WHERE status = 'paid'")?.int("n")
            XCTAssertEqual(orders, 1, "served once")
            let tickets = try db.queryOne("SELECT COUNT(*) AS n FROM tickets WHERE status = 'issued'")?.int("n")
            XCTAssertEqual(tickets, 1)
        }
        let free = try (0..<2).map { offset in
            try RefundFixtures.seatsLeft(daysAhead: 1 + offset, with: client) ?? ""
        }
        XCTAssertEqual(free.sorted(), ["0", "1"], "the other seat stays free: \(free)")
    }
}
