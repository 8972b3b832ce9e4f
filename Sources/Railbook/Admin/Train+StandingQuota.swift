import Storage

extension Train {
    /// The most standing places an administrator may give a train's runs.
    static let standingQuotaLimit = 2000

    /// Sets the train's standing quota (nil: back to the default), recorded in the audit log. Runs
    /// on sale take it at once; tickets sold already keep their places.
    static func setStandingQuota(of train: Train, to quota: Int?, by userID: Int64, now: Int, in db: Database) throws {
        try UncheckedArgument.require(quota.map { (0...standingQuotaLimit).contains($0) } ?? true, "invalid standing quota")
        try db.run("UPDATE trains SET standing_quota = ? WHERE id = ?", [quota, train.id])
        try CacheChange.announce(.timetable, in: db)
        try AuditLog.record(
            userID: userID, action: "train.standing", subject: "train \(train.number)",
            before: String(train.standingQuota), after: String(quota ?? train.defaultStandingQuota), now: now, in: db)
    }
}
