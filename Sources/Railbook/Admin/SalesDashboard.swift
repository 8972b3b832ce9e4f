import Storage

/// The figures of the administration dashboard, read from issued tickets, orders, complaints and
/// the coaches of each run.
enum SalesDashboard {
    /// Tickets and their revenue on one day.
    struct DayFigures: Sendable {
        let date: CivilDate
        let tickets: Int
        let revenueFen: Int
    }

    /// How full one train's run is: tickets (issued or held) against seats, over the whole run.
    struct TrainLoad: Sendable {
        let train: String
        let tickets: Int
        let seats: Int

        /// Tickets per seat in percent (may pass 100 when seats are resold between stops).
        var percent: Int { seats == 0 ? 0 : (tickets * 100 + seats / 2) / seats }
    }

    /// Issued tickets of orders paid on `date` (China time) and their price.
    static func soldOn(_ date: CivilDate, in db: Database) throws -> DayFigures {
        let start = date.daysSinceEpoch * 86_400 - ChinaTime.offsetSeconds
        let row = try db.queryOne(
            """
            SELECT COUNT(*) AS tickets, COALESCE(SUM(t.price_fen), 0) AS revenue
            FROM tickets t JOIN orders o ON o.id = t.order_id
            WHERE t.status = ? AND o.paid_at >= ? AND o.paid_at < ?
            """, [Ticket.Status.issued, start, start + 86_400])
        return DayFigures(date: date, tickets: try row?.int("tickets") ?? 0, revenueFen: try row?.int("revenue") ?? 0)
    }

    /// Issued tickets and their price per travel date, for every date of `window` (zero included).
    static func byTravelDate(_ window: ClosedRange<CivilDate>, in db: Database) throws -> [DayFigures] {
        let rows = try db.query(
            """
            SELECT r.service_date, COUNT(*) AS tickets, SUM(t.price_fen) AS revenue
            FROM tickets t JOIN runs r ON r.id = t.run_id
            WHERE t.status = ? AND r.service_date BETWEEN ? AND ? GROUP BY r.service_date
            """, [Ticket.Status.issued, window.lowerBound.description, window.upperBound.description])
        var found: [String: (Int, Int)] = [:]
        for row in rows { found[try row.string("service_date")] = (try row.int("tickets"), try row.int("revenue")) }
        let days = window.upperBound.daysSinceEpoch - window.lowerBound.daysSinceEpoch
        return (0...days).map { offset in
            let date = window.lowerBound.adding(days: offset)
            let figures = found[date.description] ?? (0, 0)
            return DayFigures(date: date, tickets: figures.0, revenueFen: figures.1)
        }
    }

    /// How many orders are in each status, for every status.
    static func ordersByStatus(in db: Database) throws -> [(status: Order.Status, count: Int)] {
        var counts: [Order.Status: Int] = [:]
        for row in try db.query("SELECT status, COUNT(*) AS count FROM orders GROUP BY status") {
            counts[try row.decode(Order.Status.self, "status")] = try row.int("count")
        }
        let statuses: [Order.Status] = [.unpaid, .paid, .cancelled, .expired, .refunded]
        return statuses.map { ($0, counts[$0] ?? 0) }
    }

    /// Complaints not yet resolved.
    static func openComplaints(in db: Database) throws -> Int {
        try db.queryOne("SELECT COUNT(*) AS count FROM complaints WHERE status <> ?", [Complaint.Status.resolved])?.int("count") ?? 0
    }

    /// Every run on `date` with its tickets (issued or held) and seats, fullest first.
    static func loads(on date: CivilDate, in db: Database) throws -> [TrainLoad] {
        try db.query(
            """
            SELECT tr.number,
                   (SELECT COALESCE(SUM(rc.seat_count), 0) FROM run_coaches rc WHERE rc.run_id = r.id) AS seats,
                   (SELECT COUNT(*) FROM tickets t WHERE t.run_id = r.id AND t.status IN (?, ?)) AS tickets
            FROM runs r JOIN trains tr ON tr.id = r.train_id WHERE r.service_date = ?
            """, [Ticket.Status.issued, Ticket.Status.held, date.description]
        ).map { row in
            TrainLoad(train: try row.string("number"), tickets: try row.int("tickets"), seats: try row.int("seats"))
        }.sorted { ($0.percent, $1.train) > ($1.percent, $0.train) }
    }
}
