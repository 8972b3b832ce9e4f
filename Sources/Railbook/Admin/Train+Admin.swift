import Storage

/// A train's stops or coaches cannot change while tickets or waiting lists are open on its runs.
struct TrainHasLiveSales: Error {}

extension Train {
    /// Adds a train from the administration and records it in the audit log; throws `FormErrors`
    /// when the number is taken.
    @discardableResult
    static func create(number: String, stops: [Stop], coaches: [Coach], by userID: Int64, now: Int, in db: Database) throws -> Int64 {
        let isTaken = { (db: Database) in
            guard try db.queryOne("SELECT id FROM trains WHERE number = ?", [number]) == nil else {
                var errors = FormErrors()
                errors.add("number", "error_train_number_taken")
                throw errors
            }
        }
        let id = try db.changeGuardedByUniqueIndex(check: isTaken) { try insert(number: number, stops: stops, coaches: coaches, in: $0) }
        try CacheChange.announce(.timetable, in: db)
        try AuditLog.record(
            userID: userID, action: "train.create", subject: "train \(number)", before: "",
            after: try auditText(stops, in: db) + " / " + auditText(coaches), now: now, in: db)
        return id
    }

    /// True when a run of the train on or after `date` has held or issued tickets or is a choice of an open waitlist.
    static func hasLiveSales(trainID: Int64, since date: CivilDate, in db: Database) throws -> Bool {
        try db.queryOne(
            """
            SELECT 1 FROM runs r WHERE r.train_id = ?1 AND r.service_date >= ?2 AND (
                EXISTS (SELECT 1 FROM tickets t WHERE t.run_id = r.id AND t.status IN (?3, ?4))
                OR EXISTS (SELECT 1 FROM waitlist_choices c JOIN waitlists w ON w.id = c.waitlist_id
                           WHERE c.run_id = r.id AND w.status IN (?5, ?6)))
            """,
            [
                trainID, date.description, Ticket.Status.held, Ticket.Status.issued, Waitlist.Status.waiting,
                Waitlist.Status.awaitingPayment,
            ]) != nil
    }

    /// Replaces the train's stops (dropping its fixed fares, whose stop numbers no longer hold) and
    /// the empty seat inventory of its current runs; throws `TrainHasLiveSales` when something is sold.
    /// Returns the runs whose inventory was rebuilt.
    static func replaceStops(
        of train: Train, with stops: [Stop], by userID: Int64, today: CivilDate, now: Int,
        in db: Database
    ) throws -> [Int64] {
        let since = today.adding(days: -RunSchedule.daysBehind)
        guard try !hasLiveSales(trainID: train.id, since: since, in: db) else { throw TrainHasLiveSales() }
        let before = try auditText(train.stops, in: db)
        try db.run("DELETE FROM stops WHERE train_id = ?", [train.id])
        try db.run("DELETE FROM fare_overrides WHERE train_id = ?", [train.id])
        for (sequence, stop) in stops.enumerated() {
            try db.run(
                """
                INSERT INTO stops (train_id, sequence, station_id, arrival_minute, departure_minute, distance_km)
                VALUES (?, ?, ?, ?, ?, ?)
                """, [train.id, sequence, stop.stationID, stop.arrivalMinute, stop.departureMinute, stop.distanceKm])
        }
        try CacheChange.announce(.timetable, in: db)
        try AuditLog.record(
            userID: userID, action: "train.stops", subject: "train \(train.number)", before: before,
            after: try auditText(stops, in: db), now: now, in: db)
        return try rebuildRunCoaches(trainID: train.id, coaches: train.coaches, since: since, in: db)
    }

    /// Replaces the train's coaches and the empty seat inventory of its current runs; throws
    /// `TrainHasLiveSales` when something is sold. Returns the runs whose inventory was rebuilt.
    static func replaceCoaches(
        of train: Train, with coaches: [Coach], by userID: Int64, today: CivilDate, now: Int,
        in db: Database
    ) throws -> [Int64] {
        let since = today.adding(days: -RunSchedule.daysBehind)
        guard try !hasLiveSales(trainID: train.id, since: since, in: db) else { throw TrainHasLiveSales() }
        try db.run("DELETE FROM coaches WHERE train_id = ?", [train.id])
        for coach in coaches {
            try db.run(
                "INSERT INTO coaches (train_id, coach_number, seat_class, seat_count) VALUES (?, ?, ?, ?)",
                [train.id, coach.number, coach.seatClass.rawValue, coach.seatCount])
        }
        try CacheChange.announce(.timetable, in: db)
        try AuditLog.record(
            userID: userID, action: "train.coaches", subject: "train \(train.number)",
            before: auditText(train.coaches), after: auditText(coaches), now: now, in: db)
        return try rebuildRunCoaches(trainID: train.id, coaches: coaches, since: since, in: db)
    }

    /// Fixes the price of `seatClass` between stops `origin` and `destination` (positions on the
    /// train) and records it in the audit log.
    static func setFare(
        of train: Train, from origin: Int, to destination: Int, seatClass: SeatClass, fen: Int,
        previousFen: Int, by userID: Int64, now: Int, in db: Database
    ) throws {
        try UncheckedArgument.require(origin < destination && destination < train.stops.count && fen > 0, "invalid fare")
        try db.run(
            """
            INSERT INTO fare_overrides (train_id, from_sequence, to_sequence, seat_class, price_fen) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (train_id, from_sequence, to_sequence, seat_class) DO UPDATE SET price_fen = excluded.price_fen
            """, [train.id, origin, destination, seatClass.rawValue, fen])
        try CacheChange.announce(.timetable, in: db)
        try AuditLog.record(
            userID: userID, action: "train.fare", subject: "train \(train.number) \(origin)-\(destination) \(seatClass.rawValue)",
            before: Money.format(previousFen), after: Money.format(fen), now: now, in: db)
    }

    /// Gives the train's runs from `since` on an empty inventory of `coaches`; returns their ids.
    private static func rebuildRunCoaches(trainID: Int64, coaches: [Coach], since: CivilDate, in db: Database) throws -> [Int64] {
        let runIDs = try db.query(
            "SELECT id FROM runs WHERE train_id = ? AND service_date >= ?",
            [trainID, since.description]
        ).map { try $0.int64("id") }
        for runID in runIDs {
            try db.run("DELETE FROM run_coaches WHERE run_id = ?", [runID])
            for coach in coaches {
                try db.run(
                    """
                    INSERT INTO run_coaches (run_id, coach_number, seat_class, seat_count, occupancy) VALUES (?, ?, ?, ?, ?)
                    """,
                    [
                        runID, coach.number, coach.seatClass.rawValue,
                        coach.seatCount, [],
                    ])
            }
        }
        return runIDs
    }

    private static func auditText(_ stops: [Stop], in db: Database) throws -> String {
        var telecodes: [Int64: String] = [:]
        for row in try db.query("SELECT id, telecode FROM stations") { telecodes[try row.int64("id")] = try row.string("telecode") }
        return TrainRouteText.text(of: stops, telecodes: telecodes).replacingOccurrences(of: "\n", with: " | ")
    }

    private static func auditText(_ coaches: [Coach]) -> String {
        TrainRouteText.text(of: coaches).replacingOccurrences(of: "\n", with: " | ")
    }
}
