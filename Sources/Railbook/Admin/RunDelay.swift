import Storage

/// Announces a run's delay (晚点): stores the minutes, tells the ticket holders and audits the change.
enum RunDelay {
    /// The largest delay that can be announced: a day.
    static let maximumMinutes = 1440

    /// Parses the delay form's minutes; nil unless a whole number from 0 to a day.
    static func minutes(from text: String?) -> Int? {
        guard let text, let minutes = Int(text.trimmingCharacters(in: " ")), (0...maximumMinutes).contains(minutes) else { return nil }
        return minutes
    }

    /// Sets the delay of `run` to `minutes` (checked by the caller) for administrator `adminID`.
    static func set(_ minutes: Int, on run: AdminRun, adminID: Int64, now: Int, in db: Database) throws {
        try UncheckedArgument.require((0...maximumMinutes).contains(minutes), "delay out of range")
        try db.run("UPDATE runs SET delay_minutes = ? WHERE id = ?", [minutes, run.id])
        let key = minutes > 0 ? "notice_run_delayed" : "notice_run_on_time"
        try Notice.send(
            key, arguments: [run.train.number, run.serviceDate.description, String(minutes)],
            to: try run.ticketHolders(in: db), now: now, in: db)
        try CacheChange.announce(.runs, in: db)
        try AuditLog.record(
            userID: adminID, action: "run.delay", subject: "run \(run.name)", before: "\(run.delayMinutes) min",
            after: "\(minutes) min", now: now, in: db)
    }
}
