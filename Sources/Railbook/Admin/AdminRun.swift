import Storage

/// One run as the administration sees it: which train on which day, its state and its sales.
struct AdminRun: Sendable {
    /// Tickets of one seat class on the run.
    struct Sales: Sendable {
        let seatClass: SeatClass
        let held: Int
        let issued: Int
        let revenueFen: Int
    }

    let id: Int64
    let train: Train
    let serviceDate: CivilDate
    let isCancelled: Bool
    let delayMinutes: Int

    /// `G101 2026-12-01`: how the run is named in notices and the audit log.
    var name: String { "\(train.number) \(serviceDate)" }

    /// The run `id`, or nil when there is none (or its train is gone from the timetable).
    static func find(id: Int64, timetable: Timetable, in db: Database) throws -> AdminRun? {
        guard let row = try db.queryOne("SELECT id, train_id, service_date, status, delay_minutes FROM runs WHERE id = ?", [id]) else {
            return nil
        }
        return try AdminRun(row: row, timetable: timetable)
    }

    /// The run of `train` on `date`, or nil.
    static func find(train: Train, on date: CivilDate, timetable: Timetable, in db: Database) throws -> AdminRun? {
        guard
            let row = try db.queryOne(
                "SELECT id, train_id, service_date, status, delay_minutes FROM runs WHERE train_id = ? AND service_date = ?",
                [train.id, date.description])
        else { return nil }
        return try AdminRun(row: row, timetable: timetable)
    }

    private init?(row: Row, timetable: Timetable) throws {
        guard let train = timetable.train(id: try row.int64("train_id")),
            let date = CivilDate(iso: try row.string("service_date"))
        else { return nil }
        id = try row.int64("id")
        self.train = train
        serviceDate = date
        isCancelled = try row.decode(RunStatus.self, "status") == .cancelled
        delayMinutes = try row.int("delay_minutes")
    }

    /// Held and issued tickets and the revenue of the issued ones, per seat class.
    func sales(in db: Database) throws -> [Sales] {
        try db.query(
            """
            SELECT seat_class, SUM(CASE WHEN status = ?1 THEN 1 ELSE 0 END) AS held, SUM(CASE WHEN status = ?2 THEN 1 ELSE 0 END) AS issued,
                   SUM(CASE WHEN status = ?2 THEN price_fen ELSE 0 END) AS revenue
            FROM tickets WHERE run_id = ?3 GROUP BY seat_class ORDER BY seat_class
            """, [Ticket.Status.held, Ticket.Status.issued, id]
        ).map { row in
            Sales(
                seatClass: try row.decode(SeatClass.self, "seat_class"), held: try row.int("held"), issued: try row.int("issued"),
                revenueFen: try row.int("revenue"))
        }
    }

    /// The users holding (held or issued) tickets on the run.
    func ticketHolders(in db: Database) throws -> Set<Int64> {
        Set(
            try db.query(
                """
                SELECT DISTINCT o.user_id FROM orders o JOIN tickets t ON t.order_id = o.id WHERE t.run_id = ? AND t.status IN (?, ?)
                """, [id, Ticket.Status.held, Ticket.Status.issued]
            ).map { try $0.int64("user_id") })
    }
}
