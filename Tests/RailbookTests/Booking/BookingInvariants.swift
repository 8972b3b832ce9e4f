import Storage
import XCTest

@testable import Railbook

/// What must hold in the database whatever happened: each check returns the problems it found
/// (empty when all is well), so a failure lists them all.
enum BookingInvariants {
    /// Seats against tickets on run `runID`: no segment sold twice; every held or issued ticket's
    /// segments set on its seat; no bit set without such a ticket.
    static func seatProblems(runID: Int64, in db: Database) throws -> [String] {
        var occupancy: [String: UInt64] = [:]
        for row in try db.query("SELECT coach_number, seat_count, occupancy FROM run_coaches WHERE run_id = ?", [runID]) {
            let seats = try OccupancyBlob.decode(try row.blob("occupancy"), seatCount: try row.int("seat_count"))
            for (index, mask) in seats.enumerated() { occupancy["\(try row.int("coach_number")):\(index)"] = mask }
        }
        var problems: [String] = []
        var sold: [String: UInt64] = [:]
        for row in try db.query(
            """
            SELECT id, coach_number, seat_index, from_sequence, to_sequence FROM tickets
            WHERE run_id = ? AND status IN ('held', 'issued') AND seat_class <> 'standing'
            """, [runID])
        {
            let seat = "\(try row.int("coach_number")):\(try row.int("seat_index"))"
            let mask = try SegmentMask(from: try row.int("from_sequence"), to: try row.int("to_sequence")).bits
            if occupancy[seat] == nil { problems.append("ticket \(try row.int64("id")) on a seat the run does not have: \(seat)") }
            if sold[seat, default: 0] & mask != 0 { problems.append("seat \(seat) sold twice on segments \(sold[seat]! & mask)") }
            sold[seat, default: 0] |= mask
        }
        for (seat, mask) in occupancy where mask != sold[seat, default: 0] {
            problems.append("seat \(seat): occupancy \(String(mask, radix: 2)), tickets \(String(sold[seat, default: 0], radix: 2))")
        }
        return problems.sorted()
    }

    /// Standing tickets on run `runID`: no standing place sold twice on a segment, none beyond the
    /// quota, and never more standing passengers on a segment than `quota`.
    static func standingProblems(runID: Int64, quota: Int, segmentCount: Int, in db: Database) throws -> [String] {
        var problems: [String] = []
        var places: [Int: UInt64] = [:]
        var load = [Int](repeating: 0, count: segmentCount)
        for row in try db.query(
            """
            SELECT id, seat_index, from_sequence, to_sequence FROM tickets
            WHERE run_id = ? AND status IN ('held', 'issued') AND seat_class = 'standing'
            """, [runID])
        {
            let place = try row.int("seat_index"), from = try row.int("from_sequence"), to = try row.int("to_sequence")
            let mask = try SegmentMask(from: from, to: to).bits
            if !(0..<quota).contains(place) { problems.append("ticket \(try row.int64("id")) on standing place \(place) beyond the quota") }
            if places[place, default: 0] & mask != 0 { problems.append("standing place \(place) sold twice") }
            places[place, default: 0] |= mask
            for segment in from..<to { load[segment] += 1 }
        }
        for (segment, count) in load.enumerated() where count > quota {
            problems.append("segment \(segment): \(count) standing, quota \(quota)")
        }
        return problems
    }

    /// Orders against tickets: every order has tickets and every ticket an order; ticket states
    /// follow their order's; no traveller holds two tickets whose trips overlap.
    static func orderProblems(in db: Database) throws -> [String] {
        let checks: [(String, String)] = [
            ("tickets without an order", "SELECT COUNT(*) AS n FROM tickets t WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = t.order_id)"),
            ("orders without tickets", "SELECT COUNT(*) AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = o.id)"),
            (
                "tickets whose state does not follow their order's",
                """
                SELECT COUNT(*) AS n FROM tickets t JOIN orders o ON o.id = t.order_id
                WHERE (o.status = 'unpaid' AND t.status <> 'held') OR (o.status = 'paid' AND t.status NOT IN ('issued', 'refunded', 'changed'))
                   OR (o.status IN ('cancelled', 'expired') AND t.status <> 'released')
                """
            ),
            (
                "overlapping tickets of one traveller",
                """
                SELECT COUNT(*) AS n FROM tickets a JOIN tickets b ON a.certificate_type = b.certificate_type
                    AND a.certificate_number = b.certificate_number AND a.id < b.id
                WHERE a.status IN ('held', 'issued') AND b.status IN ('held', 'issued') AND a.departs_at < b.arrives_at AND b.departs_at < a.arrives_at
                """
            ),
        ]
        return try checks.compactMap { name, sql in
            let count = try db.queryOne(sql)!.int("n")
            return count == 0 ? nil : "\(count) \(name)"
        }
    }

    /// The requests against the database: exactly the accepted ones have an order, each with the
    /// user, passengers and stretch asked for; refused ones left nothing behind.
    static func attemptProblems(_ attempts: [BookingLoad.Attempt], in db: Database) throws -> [String] {
        var problems: [String] = []
        var stored: [String: (userID: Int64, passengers: [Int64], stretches: Set<String>)] = [:]
        for row in try db.query(
            """
            SELECT o.number, o.user_id, t.passenger_id, t.from_sequence, t.to_sequence FROM orders o JOIN tickets t ON t.order_id = o.id
            """)
        {
            let number = try row.string("number")
            var entry = try stored[number] ?? (row.int64("user_id"), [], [])
            entry.passengers.append(try row.int64("passenger_id"))
            entry.stretches.insert("\(try row.int("from_sequence"))-\(try row.int("to_sequence"))")
            stored[number] = entry
        }
        var booked = Set<String>()
        for attempt in attempts {
            switch attempt.result {
            case .booked(let number):
                if !booked.insert(number).inserted { problems.append("order \(number) answered twice") }
                if attempt.clashes { problems.append("order \(number) gives a traveller two overlapping trips") }
                guard let order = stored[number] else {
                    problems.append("order \(number) was answered but not stored")
                    continue
                }
                if order.userID != attempt.userID || order.passengers.sorted() != attempt.passengers.sorted()
                    || order.stretches != ["\(attempt.origin)-\(attempt.destination)"]
                {
                    problems.append("order \(number) does not hold what was asked: \(order) for \(attempt)")
                }
            case .overlap where !attempt.clashes:
                problems.append("refused as overlapping without a clash: \(attempt)")
            case .unexpected(let status):
                problems.append("unexpected answer \(status) to \(attempt)")
            case .overlap, .soldOut:
                break
            }
        }
        let numbers = try Set(db.query("SELECT number FROM orders").map { try $0.string("number") })
        for number in numbers.subtracting(booked) { problems.append("order \(number) stored for a refused request") }
        return problems
    }
}
