import Storage

extension RunSchedule {
    /// The train of run `runID`, or nil when there is no such run.
    static func trainID(ofRun runID: Int64, in db: Database) throws -> Int64? {
        try db.queryOne("SELECT train_id FROM runs WHERE id = ?", [runID])?.int64("train_id")
    }

    /// The train number and service date (`2026-12-03`) of run `runID`, or nil when there is no such run.
    static func trainAndDate(ofRun runID: Int64, in db: Database) throws -> (train: String, date: String)? {
        guard
            let row = try db.queryOne(
                """
                SELECT t.number, r.service_date FROM runs r JOIN trains t ON t.id = r.train_id WHERE r.id = ?
                """, [runID])
        else { return nil }
        return (try row.string("number"), try row.string("service_date"))
    }
}
