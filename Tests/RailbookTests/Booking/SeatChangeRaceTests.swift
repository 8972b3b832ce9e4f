import HTMLTesting
import HTTP
import Storage
import Synchronization
import XCTest

@testable import Railbook

/// Same-train seat changes racing bookings for their seats, on either database: G101's only second-class
/// seat free 甲城 → 乙城 is 02C (then 03C on to 丙城); four travellers book the seat change and four
/// others 甲城 → 乙城 at once. One of the eight gets 02C; no seat is sold twice; every seat-change
/// order holds both legs or does not exist.
final class SeatChangeRaceTests: XCTestCase {
    func testSeatChangesAndBookingsForTheSameSeatNeverSellItTwiceNorHalf() throws {
        let first = try BookingFixtures.traveller()
        let application = first.application
        let date = ChinaTime.today().adding(days: 3)
        let runID = try TimetableFixtures.runID(application, train: "G101", date: date)
        try SeatChangeFixtures.splitSeats(application, date: date)
        var pages: [(TestClient, TestResponse)] = []
        for index in 0..<8 {
            let client = index == 0 ? first : try AccountFixtures.rider(index, on: application)
            if index < 4 {
                pages.append((client, try client.get(try SeatChangeFixtures.offerLink(date: date, with: client))))
            } else {
                pages.append((client, try BookingFixtures.bookPage(from: "甲城", to: "乙城", date: date, with: client)))
            }
        }
        let outcomes = Mutex<[String]>([])
        // Each client is used by its own thread alone.
        nonisolated(unsafe) let everyone = pages
        DispatchQueue.concurrentPerform(iterations: everyone.count) { index in
            let (client, page) = everyone[index]
            let outcome = (try? BookingFixtures.book(page, with: client)).map { "\($0.status.code) \($0.target)" } ?? "error"
            outcomes.withLock { $0.append(outcome) }
        }
        let answers = outcomes.withLock { $0 }
        XCTAssertFalse(answers.contains("error"), "\(answers)")
        XCTAssertEqual(answers.filter { $0.contains("/orders/E") }.count, 1, "one booking gets 02C: \(answers)")
        try application.database.read { db in
            let tickets = try db.query(
                """
                SELECT order_id, coach_number, seat_index, from_sequence, to_sequence FROM tickets
                WHERE run_id = ? AND status IN ('held', 'issued') ORDER BY id
                """, [runID])
            var sold: [String: [(Int, Int)]] = [:]
            for ticket in tickets {
                let seat = "\(try ticket.int("coach_number"))-\(try ticket.int("seat_index"))"
                let stretch = (try ticket.int("from_sequence"), try ticket.int("to_sequence"))
                for other in sold[seat, default: []] {
                    XCTAssertFalse(stretch.0 < other.1 && other.0 < stretch.1, "seat \(seat) sold twice on overlapping stretches")
                }
                sold[seat, default: []].append(stretch)
            }
            let seatChangeOrders = try db.query("SELECT order_id FROM order_seat_changes")
            for order in seatChangeOrders {
                let legs = try db.query("SELECT seat_index FROM tickets WHERE order_id = ? ORDER BY from_sequence", [try order.int64("order_id")])
                XCTAssertEqual(try legs.map { try $0.int("seat_index") }, [7, 12], "a seat change holds both legs")
            }
            let orders = try db.queryOne("SELECT COUNT(*) AS n FROM orders")?.int("n")
            XCTAssertEqual(orders, 1, "the refused bookings left nothing")
            let coach = try XCTUnwrap(
                try db.queryOne(
                    "SELECT seat_count, occupancy FROM run_coaches WHERE run_id = ? AND seat_class = 'second' ORDER BY coach_number", [runID]))
            let seats = try OccupancyBlob.decode(try coach.blob("occupancy"), seatCount: try coach.int("seat_count"))
            XCTAssertEqual(seats[7], 0b11, "02C is sold 甲城 → 乙城")
            XCTAssertEqual(seats[12], seatChangeOrders.isEmpty ? 0b01 : 0b11, "03C is sold on to 丙城 only with a seat change")
        }
    }
}
