import Storage

/// Keeps a run (a train on a service date) and its empty seat inventory for every train on every
/// day of the presale window, creating the missing ones as days roll forward.
enum RunSchedule {
    /// Days before today whose runs are kept, for overnight trains that started earlier.
    static let daysBehind = 2

    /// Creates the runs missing between `today - daysBehind` and the last presale day; returns how many.
    ///
    /// Days are counted first (an index-only scan of `runs_by_date`): a day with a run for every
    /// train is complete (trains are never deleted, and a train runs once a day), so only the days
    /// short of runs — usually just the new last day — are read train by train.
    ///
    /// A run another server made meanwhile is skipped (`ON CONFLICT`), never doubled; servers call
    /// it alone among writers (`writeWithoutTransaction`), so they do not wait on each other's runs.
    @discardableResult
    static func ensureRuns(today: CivilDate, presaleDays: Int, in db: Database) throws -> Int {
        let first = today.adding(days: -daysBehind), last = today.adding(days: presaleDays - 1)
        let trainIDs = try db.query("SELECT id FROM trains").map { try $0.int64("id") }
        var runsPerDay: [String: Int] = [:]
        for row in try db.query(
            """
            SELECT service_date, COUNT(*) AS runs FROM runs WHERE service_date >= ? AND service_date <= ? GROUP BY service_date
            """, [first.description, last.description])
        {
            runsPerDay[try row.string("service_date")] = Int(try row.int64("runs"))
        }
        var coachesByTrain: [Int64: [(Int64, String, Int64)]]?
        var created = 0
        for dayOffset in 0...(last.daysSinceEpoch - first.daysSinceEpoch) {
            let date = first.adding(days: dayOffset).description
            let runs = runsPerDay[date] ?? 0
            guard runs < trainIDs.count else { continue }
            let existing =
                runs == 0
                ? []
                : Set(
                    try db.query("SELECT train_id FROM runs WHERE service_date = ?", [date])
                        .map { try $0.int64("train_id") })
            let coaches = try coachesByTrain ?? coachesOfEveryTrain(in: db)
            coachesByTrain = coaches
            for trainID in trainIDs where !existing.contains(trainID) {
                if try createRun(trainID: trainID, date: date, coaches: coaches[trainID] ?? [], in: db) { created += 1 }
            }
        }
        if created > 0 { try CacheChange.announce(.runs, in: db) }
        return created
    }

    private static func coachesOfEveryTrain(in db: Database) throws -> [Int64: [(Int64, String, Int64)]] {
        var coachesByTrain: [Int64: [(Int64, String, Int64)]] = [:]
        for row in try db.query("SELECT train_id, coach_number, seat_class, seat_count FROM coaches") {
            coachesByTrain[try row.int64("train_id"), default: []].append(
                (try row.int64("coach_number"), try row.string("seat_class"), try row.int64("seat_count")))
        }
        return coachesByTrain
    }

    /// Creates the run of `trainID` on `date` with its empty coaches; false when it exists already.
    private static func createRun(trainID: Int64, date: String, coaches: [(Int64, String, Int64)], in db: Database) throws -> Bool {
        guard
            let runID = try db.queryOne(
                """
                INSERT INTO runs (train_id, service_date, status, delay_minutes) VALUES (?, ?, ?, 0)
                ON CONFLICT (train_id, service_date) DO NOTHING RETURNING id
                """, [trainID, date, RunStatus.scheduled])?.int64("id")
        else { return false }
        for (coach, seatClass, seats) in coaches {
            try db.run(
                """
                INSERT INTO run_coaches (run_id, coach_number, seat_class, seat_count, occupancy) VALUES (?, ?, ?, ?, ?)
                """, [runID, coach, seatClass, seats, []])
        }
        return true
    }
}

/// The stretch of a train's route between two stops, as the bits a seat's occupancy uses:
/// bit k stands for the segment from stop k to stop k + 1.
struct SegmentMask: Hashable, Sendable {
    let bits: UInt64

    /// The segments from stop `origin` up to (not including) stop `destination`; throws
    /// `UncheckedArgument` for a stretch no train has (a damaged ticket row, say).
    init(from origin: Int, to destination: Int) throws {
        try UncheckedArgument.require(
            origin >= 0 && origin < destination && destination <= 64,
            "invalid segment \(origin)→\(destination)")
        let width = destination - origin
        bits = (width == 64 ? UInt64.max : (UInt64(1) << UInt64(width)) - 1) << UInt64(origin)
    }

    /// True when a seat with `occupancy` is free for the whole stretch.
    func isFree(_ occupancy: UInt64) -> Bool { occupancy & bits == 0 }
}
