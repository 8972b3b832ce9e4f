import HTMLTesting
import HTTP
import Storage
import Synchronization
import XCTest

@testable import Railbook

/// What must never happen, tried hard: a seat segment sold twice, a seat bit without a ticket (or
/// a ticket without its bits), an order or ticket left by a refused request, an overdue unpaid
/// order surviving a restart, a paid order touched by one.
final class ConcurrencyTests: XCTestCase {
    func testEightUsersBookingAtOnceUntilSoldOutNeverSellASeatTwice() throws {
        let load = try BookingLoad()
        let csrf = try load.riders.map { try load.csrfToken(of: $0) }
        let attempts = load.run(csrf: csrf, send: BookingLoad.postInProcess)
        try assertSoldOutCleanly(load, attempts)
    }

    func testEightUsersBookingAtOnceOverSocketsNeverSellASeatTwice() throws {
        let load = try BookingLoad()
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.logsRequests = false
        let server = Server(responder: load.application, configuration: configuration)
        try server.start()
        defer {
            server.stop()
            load.application.shutdown()
        }
        let port = server.port
        let csrf = try load.riders.map { rider in
            let page = try RawHTTP.send(port: port, method: "GET", target: load.bookPath, headers: [("Cookie", "session=\(rider.sessionToken)")])
            XCTAssertEqual(page.status, 200)
            return try XCTUnwrap(HTMLDocument(html: page.body).node("//form[@action='/orders']//input[@name='csrf']")?.attribute("value"))
        }
        let attempts = load.run(csrf: csrf) { rider, fields in
            let answer = try RawHTTP.send(
                port: port, method: "POST", target: "/orders",
                headers: [
                    ("Cookie", "session=\(rider.sessionToken)"), ("Accept-Language", "zh-CN"),
                    ("Content-Type", "application/x-www-form-urlencoded"),
                ],
                body: Array(FormSubmission.encode(fields).utf8))
            return BookingLoad.Answer(status: answer.status, location: answer.header("Location"), body: String(decoding: answer.body, as: UTF8.self))
        }
        try assertSoldOutCleanly(load, attempts)
    }

    func testARestartExpiresOverdueOrdersReleasesTheirSeatsAndKeepsThePaidOne() throws {
        var configuration = SiteConfiguration()
        configuration.root = TestSite.projectRoot
        configuration.databaseLocation = try TestDatabase.newLocation()
        configuration.logsRequests = false
        let first = try BookingLoad(users: 3, application: Application(configuration: configuration))
        let unpaid = [
            try first.book(first.riders[0], passengers: [0, 1], from: 0, to: 2),
            try first.book(first.riders[2], passengers: [2], from: 1, to: 4),
        ]
        let paid = try first.book(first.riders[1], passengers: [0, 1, 2], from: 0, to: 4)
        let now = ChinaTime.now()
        try first.application.database.write { db in
            let order = try db.queryOne("SELECT id, user_id, total_fen FROM orders WHERE number = ?", [paid])!
            try db.run("UPDATE orders SET status = 'paid', paid_at = ? WHERE id = ?", [now, order["id"]])
            try db.run("UPDATE tickets SET status = 'issued' WHERE order_id = ?", [order["id"]])
            try db.run(
                """
                INSERT INTO payments (reference, user_id, purpose, subject_id, amount_fen, status, created_at, completed_at)
                VALUES ('P-RESTART-1', ?, 'ticket_order', ?, ?, 'paid', ?, ?)
                """, [order["user_id"], order["id"], order["total_fen"], now, now])
        }
        let paidBefore = try first.application.database.read { try snapshot(of: paid, in: $0) }
        first.application.shutdown()

        let later = SettableClock()
        later.advance(by: configuration.deadlines.holdSeconds + 60)
        let second = try Application(configuration: configuration, clock: later)
        defer { second.shutdown() }
        try second.database.read { db in
            for number in unpaid {
                XCTAssertEqual(try db.queryOne("SELECT status FROM orders WHERE number = ?", [number])?.string("status"), "expired")
                let tickets = try db.query("SELECT t.status FROM tickets t JOIN orders o ON o.id = t.order_id WHERE o.number = ?", [number])
                XCTAssertEqual(try tickets.map { try $0.string("status") }, Array(repeating: "released", count: tickets.count))
                XCTAssertFalse(tickets.isEmpty)
            }
            XCTAssertEqual(try snapshot(of: paid, in: db), paidBefore, "the paid order, its tickets and payment are untouched")
            XCTAssertEqual(try BookingInvariants.seatProblems(runID: first.runID, in: db), [])
            XCTAssertEqual(try BookingInvariants.orderProblems(in: db), [])
            let sold = try db.query("SELECT seat_count, occupancy FROM run_coaches WHERE run_id = ?", [first.runID])
                .flatMap { try OccupancyBlob.decode(try $0.blob("occupancy"), seatCount: try $0.int("seat_count")) }.filter { $0 != 0 }
            XCTAssertEqual(sold, Array(repeating: try SegmentMask(from: 0, to: 4).bits, count: 3), "only the paid order's seats are still sold")
        }
        let whole = try SegmentMask(from: 0, to: BookingLoad.segmentCount)
        XCTAssertEqual(
            try second.railway.inventory.freeSeats(runID: first.runID, seatClass: .second, segment: whole),
            BookingLoad.coachCount * BookingLoad.seatsPerCoach - 3)
    }

    func testSeatCountsKeepUpWithBookingsCommittedWhileSearchReads() throws {
        let load = try BookingLoad(users: 4)
        let inventory = load.application.railway.inventory, runID = load.runID
        let stop = Atomic<Bool>(false)
        for _ in 1...2 {
            Thread {
                var segment = 0
                while !stop.load(ordering: .relaxed) {
                    segment = (segment + 1) % BookingLoad.segmentCount
                    _ = try? inventory.freeSeats(runID: runID, seatClass: .second, segment: try SegmentMask(from: segment, to: segment + 1))
                }
            }.start()
        }
        defer { stop.store(true, ordering: .relaxed) }
        var stale: [String] = []
        for round in 0..<(BookingLoad.segmentCount * 15) {
            let segment = try SegmentMask(from: round / 15, to: round / 15 + 1)
            DispatchQueue.concurrentPerform(iterations: load.riders.count) { index in
                _ = try? load.bookAndPay(load.riders[index], passengers: [round % 15], from: round / 15, to: round / 15 + 1)
            }
            let actual = try load.application.database.read { db in
                try db.query("SELECT seat_count, occupancy FROM run_coaches WHERE run_id = ?", [runID])
                    .flatMap { try OccupancyBlob.decode(try $0.blob("occupancy"), seatCount: try $0.int("seat_count")) }.filter(segment.isFree).count
            }
            usleep(1_000)
            let shown = try inventory.freeSeats(runID: runID, seatClass: .second, segment: segment)
            if shown != actual { stale.append("round \(round): \(shown) shown, \(actual) free") }
        }
        XCTAssertEqual(stale, [], "a read racing bookings must not keep seats they took")
    }

    // MARK: - Helpers

    /// Every invariant after a load that sold the train out.
    private func assertSoldOutCleanly(
        _ load: BookingLoad, _ attempts: [BookingLoad.Attempt], file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let booked = attempts.filter { if case .booked = $0.result { true } else { false } }.count
        let soldOut = attempts.filter { $0.result == .soldOut }.count
        let overlaps = attempts.filter { $0.result == .overlap }.count
        print("\(attempts.count) requests: \(booked) booked, \(soldOut) sold out, \(overlaps) overlapping")
        XCTAssertGreaterThan(booked, 50, file: file, line: line)
        XCTAssertGreaterThan(soldOut, 0, file: file, line: line)
        XCTAssertGreaterThan(overlaps, 0, file: file, line: line)
        try load.application.database.read { db in
            XCTAssertEqual(try BookingInvariants.seatProblems(runID: load.runID, in: db), [], file: file, line: line)
            XCTAssertEqual(try BookingInvariants.orderProblems(in: db), [], file: file, line: line)
            XCTAssertEqual(try BookingInvariants.attemptProblems(attempts, in: db), [], file: file, line: line)
            let full = try SegmentMask(from: 0, to: BookingLoad.segmentCount).bits
            let seats = try db.query("SELECT seat_count, occupancy FROM run_coaches WHERE run_id = ?", [load.runID])
                .flatMap { try OccupancyBlob.decode(try $0.blob("occupancy"), seatCount: try $0.int("seat_count")) }
            XCTAssertEqual(seats.filter { $0 != full }.count, 0, "every seat sold on every segment", file: file, line: line)
        }
        for stretch in BookingLoad.stretches {
            let segment = try SegmentMask(from: stretch.origin, to: stretch.destination)
            XCTAssertEqual(
                try load.application.railway.inventory.freeSeats(runID: load.runID, seatClass: .second, segment: segment), 0,
                "the seat counts search shows are up to date", file: file, line: line)
        }
    }

    /// The order, its tickets and its payments as text, to compare before and after.
    private func snapshot(of number: String, in db: Database) throws -> [String] {
        let order = try db.query("SELECT id, status, total_fen, paid_at, closed_at, pay_deadline FROM orders WHERE number = ?", [number])
        let id = order.first?["id"] ?? .null
        let tickets = try db.query(
            """
            SELECT id, status, coach_number, seat_index, from_sequence, to_sequence, price_fen FROM tickets WHERE order_id = ? ORDER BY id
            """, [id])
        let payments = try db.query("SELECT reference, status, amount_fen, refunded_fen FROM payments WHERE subject_id = ?", [id])
        return (order + tickets + payments).map { row in (0..<row.count).map { "\(row[$0])" }.joined(separator: "|") }
    }
}
