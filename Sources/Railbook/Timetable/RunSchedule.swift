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
    /// short of runs — usually just the new last day — are filled, each by two statements: the
    /// day's missing runs, then the empty coaches of the runs just made (a run and its coaches are
    /// always made in one transaction, so a run without coaches is one made here). Two statements
    /// a day rather than one per run and coach: on PostgreSQL each is a round trip, and the demo
    /// network's first fill is about 100,000 rows.
    ///
    /// A run another server made meanwhile is skipped (`ON CONFLICT`), never doubled; servers call
    /// it alone among writers (`writeWithoutTransaction`), so they do not wait on each other's runs.
    @discardableResult
    static func ensureRuns(today: CivilDate, presaleDays: Int, in db: Database) throws -> Int {
        let first = today.adding(days: -daysBehind), last = today.adding(days: presaleDays - 1)
        guard let trains = try db.queryOne("SELECT COUNT(*) AS trains FROM trains")?.int("trains"), trains > 0 else { return 0 }
        var runsPerDay: [String: Int] = [:]
        for row in try db.query(
            """
            SELECT service_date, COUNT(*) AS runs FROM runs WHERE service_date >= ? AND service_date <= ? GROUP BY service_date
            """, [first.description, last.description])
        {
            runsPerDay[try row.string("service_date")] = Int(try row.int64("runs"))
        }
        var created = 0
        for dayOffset in 0...(last.daysSinceEpoch - first.daysSinceEpoch) {
            let date = first.adding(days: dayOffset).description
            guard runsPerDay[date] ?? 0 < trains else { continue }
            created += try createRuns(on: date, in: db)
        }
        if created > 0 { try CacheChange.announce(.runs, in: db) }
        return created
    }

    /// Creates the runs of every train on `date` that has none yet, with their empty coaches; returns how many.
    private static func createRuns(on date: String, in db: Database) throws -> Int {
        // `WHERE true`: SQLite reads an `ON CONFLICT` after a bare `SELECT … FROM` as a join's `ON`.
        let made = try db.query(
            """
            INSERT INTO runs (train_id, service_date, status, delay_minutes)
            SELECT id, ?, ?, 0 FROM trains WHERE true ORDER BY id
            ON CONFLICT (train_id, service_date) DO NOTHING RETURNING id
            """, [date, RunStatus.scheduled]
        ).count
        guard made > 0 else { return 0 }
        try db.run(
            """
            INSERT INTO run_coaches (run_id, coach_number, seat_class, seat_count, occupancy)
            SELECT runs.id, coaches.coach_number, coaches.seat_class, coaches.seat_count, ?
            FROM runs JOIN coaches ON coaches.train_id = runs.train_id
            WHERE runs.service_date = ? AND NOT EXISTS (SELECT 1 FROM run_coaches WHERE run_coaches.run_id = runs.id)
            ORDER BY runs.id, coaches.coach_number
            """, [[UInt8](), date])
        return made
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
