import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// A booking that waits for coaches another transaction holds locked is answered "busy, try
/// again" once PostgreSQL's lock timeout (5 s) runs out — a 503 with `Retry-After`, never a 500 —
/// and books as usual once they are free again.
final class BusyBookingTests: XCTestCase {
    func testABookingOfCoachesHeldLockedIsAskedToTryAgainThenBooks() throws {
        try XCTSkipIf(
            TestDatabase.dialect == .sqlite,
            "PostgreSQL only: on SQLite writers are serialised, so no other connection holds coaches locked while a booking runs")
        let client = try BookingFixtures.traveller()
        defer { client.application.shutdown() }
        let date = ChinaTime.today().adding(days: 3)
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: date)
        let page = try BookingFixtures.bookPage(date: date, with: client)
        let holder = try LockHolder(
            on: client.application,
            "SELECT coach_number FROM run_coaches WHERE run_id = ? ORDER BY coach_number FOR UPDATE", [runID])
        let busy = try BookingFixtures.book(page, with: client)
        holder.release()
        XCTAssertEqual(busy.status, .serviceUnavailable)
        XCTAssertEqual(busy.headers["Retry-After"], "2")
        XCTAssertEqual(
            try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM orders")?.int("n") }, 0,
            "nothing of the refused booking is left")

        let booked = try BookingFixtures.book(page, with: client)
        XCTAssertEqual(booked.status, .ok)
        XCTAssertTrue(booked.target.hasPrefix("/orders/E"), booked.target)
    }
}
