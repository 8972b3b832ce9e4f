import HTMLTesting
import HTTP
import Storage
import Synchronization
import XCTest

@testable import Railbook

/// Changes of destination racing bookings for the last seat of a stretch, on either database:
/// four travellers extend their 甲城 → 乙城 tickets to 丙城 (paying the difference) while four others
/// book 乙城 → 丙城, with one seat left on that stretch. One of the eight gets it; no seat is sold
/// twice; a refused extension keeps its ticket and gets its payment back.
final class DestinationChangeRaceTests: XCTestCase {
    func testExtensionsAndBookingsForTheLastSeatNeverSellItTwice() throws {
        let first = try BookingFixtures.traveller()
        let application = first.application
        let date = ChinaTime.today().adding(days: 3)
        let runID = try TimetableFixtures.runID(application, train: "G101", date: date)
        let lastSeat = 80
        // Every seat is sold 乙城 → 丙城 but one: the travellers' 甲城 → 乙城 seats (the tightest fits)
        // cannot be kept for 丙城.
        try TimetableFixtures.sellAll(application, runID: runID, seatClass: .second, from: 1, to: 2, leavingFree: [lastSeat])
        var extenders: [(TestClient, TestResponse)] = [], bookers: [(TestClient, TestResponse)] = []
        for index in 0..<8 {
            let client = index == 0 ? first : try AccountFixtures.rider(index, on: application)
            if index < 4 {
                let paid = try RefundFixtures.paidTicket(from: "甲城", to: "乙城", with: client)
                let confirm = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(runID)&class=second&to=CCC")
                let provider = try client.submit(try confirm.document().form(action: "/tickets/\(paid.ticketID)/change"), from: confirm)
                XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
                extenders.append((client, provider))
            } else {
                let page = try BookingFixtures.bookPage(from: "乙城", to: "丙城", date: date, with: client)
                bookers.append((client, page))
            }
        }
        try application.database.read { db in
            for row in try db.query("SELECT seat_index FROM tickets WHERE run_id = ? AND status = 'issued'", [runID]) {
                XCTAssertNotEqual(try row.int("seat_index"), lastSeat, "the travellers do not sit in the last free seat")
            }
        }

        let outcomes = Mutex<[String]>([])
        // Each client is used by its own thread alone.
        nonisolated(unsafe) let everyone = extenders.map { ($0.0, $0.1, true) } + bookers.map { ($0.0, $0.1, false) }
        DispatchQueue.concurrentPerform(iterations: everyone.count) { index in
            let (client, page, extends) = everyone[index]
            let outcome: String
            if extends {
                outcome = (try? PaymentFixtures.press("confirm", on: page, with: client).target) ?? "error"
            } else {
                outcome = (try? BookingFixtures.book(page, with: client)).map { "\($0.status.code) \($0.target)" } ?? "error"
            }
            outcomes.withLock { $0.append(outcome) }
        }
        XCTAssertFalse(outcomes.withLock { $0 }.contains("error"), "\(outcomes.withLock { $0 })")
        try application.database.read { db in
            let covering = try db.query(
                """
                SELECT coach_number, seat_index FROM tickets
                WHERE run_id = ? AND status IN ('held', 'issued') AND from_sequence <= 1 AND to_sequence >= 2
                """, [runID])
            XCTAssertEqual(covering.count, 1, "one ticket got the last seat 乙城 → 丙城")
            XCTAssertEqual(try covering.first?.int("seat_index"), lastSeat)
            let extended = try db.queryOne("SELECT COUNT(*) AS n FROM ticket_changes WHERE status = 'done'")?.int("n") ?? 0
            let refused = try db.queryOne("SELECT COUNT(*) AS n FROM ticket_changes WHERE status = 'refused'")?.int("n") ?? 0
            XCTAssertEqual(extended + refused, 4, "every extension paid for was made or refused")
            let refunded = try db.queryOne("SELECT COUNT(*) AS n FROM payments WHERE purpose = 'change' AND status = 'refunded'")?.int("n") ?? 0
            XCTAssertEqual(refunded, refused, "a refused extension is paid back")
            let kept =
                try db.queryOne(
                    "SELECT COUNT(*) AS n FROM tickets WHERE run_id = ? AND status = 'issued' AND to_sequence = 1", [runID])?.int("n") ?? 0
            XCTAssertEqual(kept, 4 - extended, "a refused extension keeps its ticket")
            let coach = try XCTUnwrap(
                try db.queryOne(
                    "SELECT seat_count, occupancy FROM run_coaches WHERE run_id = ? AND seat_class = 'second' ORDER BY coach_number", [runID]))
            let seats = try OccupancyBlob.decode(try coach.blob("occupancy"), seatCount: try coach.int("seat_count"))
            XCTAssertNotEqual(seats[lastSeat] & (try SegmentMask(from: 1, to: 2).bits), 0, "the last seat is sold on to 丙城")
        }
    }
}
