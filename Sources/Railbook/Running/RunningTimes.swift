import Storage

/// The running reports of runs as stored (`running_times`, one row per run and stop, the latest
/// value of each field).
enum RunningTimes {
    /// The reports of run `runID`, by stop.
    static func reports(ofRun runID: Int64, in db: Database) throws -> [Int: StopReport] {
        try reports(ofRuns: [runID], in: db)[runID] ?? [:]
    }

    /// The reports of every run in `runIDs` that has any, by run and stop, in one query per 500 runs.
    static func reports(ofRuns runIDs: [Int64], in db: Database) throws -> [Int64: [Int: StopReport]] {
        var reports: [Int64: [Int: StopReport]] = [:]
        for start in stride(from: 0, to: runIDs.count, by: 500) {
            let chunk = Array(runIDs[start..<min(start + 500, runIDs.count)])
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            for row in try db.query(
                """
                SELECT run_id, stop_sequence, arrival_minute, arrival_actual, departure_minute, departure_actual, platform, gate
                FROM running_times WHERE run_id IN (\(placeholders))
                """, chunk)
            {
                let sequence = try row.int("stop_sequence")
                reports[try row.int64("run_id"), default: [:]][sequence] = StopReport(
                    sequence: sequence,
                    arrival: try row.optionalInt("arrival_minute").map {
                        ReportedTime(minute: $0, isActual: try row.int("arrival_actual") == 1)
                    },
                    departure: try row.optionalInt("departure_minute").map {
                        ReportedTime(minute: $0, isActual: try row.int("departure_actual") == 1)
                    },
                    platform: try row.optionalString("platform"), gate: try row.optionalString("gate"))
            }
        }
        return reports
    }

    /// Stores `report` of run `runID` over what was reported at its stop before (the fields it
    /// gives replace theirs), from `source` (`admin 12`, `sender tracker`), announced to the other
    /// servers' caches; the caller forgets the run in its own (`RunningTimesCache.forget`) once committed.
    static func save(_ report: StopReport, runID: Int64, source: String, now: Int, in db: Database) throws {
        try CacheChange.announce(.running(runID: runID), in: db)
        let previous = try reports(ofRun: runID, in: db)[report.sequence]
        let stored = previous.map { $0.updated(by: report) } ?? report
        try db.run(
            """
            INSERT INTO running_times (run_id, stop_sequence, arrival_minute, arrival_actual, departure_minute, departure_actual,
                                       platform, gate, source, reported_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (run_id, stop_sequence) DO UPDATE SET
                arrival_minute = excluded.arrival_minute, arrival_actual = excluded.arrival_actual,
                departure_minute = excluded.departure_minute, departure_actual = excluded.departure_actual,
                platform = excluded.platform, gate = excluded.gate, source = excluded.source, reported_at = excluded.reported_at
            """,
            [
                runID, stored.sequence, stored.arrival?.minute, (stored.arrival?.isActual ?? false) ? 1 : 0, stored.departure?.minute,
                (stored.departure?.isActual ?? false) ? 1 : 0, stored.platform, stored.gate, String(source.prefix(60)), now,
            ])
    }
}
