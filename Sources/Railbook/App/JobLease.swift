import Storage

/// The right of one server to run one background job for a while (`job_leases`), so that of
/// several servers on one database exactly one runs each job at a time. A server claims the
/// lease each time the job is due: it gets it when it holds it already or the lease has run out
/// (its holder died or stopped), and keeps it for `seconds` more; otherwise another server runs
/// the job and this one skips its turn. One guarded statement decides, checked by its row count,
/// so two servers claiming at once cannot both win. On SQLite one process serves: it always wins.
struct JobLease: Sendable {
    /// Who holds leases: this process (`ServerInstance.id`).
    let holder: String

    /// Whether this process may run job `name` now (at Unix time `now`), holding its lease until
    /// `now + seconds` if so.
    func claim(_ name: String, seconds: Int, now: Int, in db: Database) throws -> Bool {
        try db.run("UPDATE job_leases SET holder = ?, expires_at = ? WHERE name = ? AND (holder = ? OR expires_at < ?)",
                   [holder, now + seconds, name, holder, now])
        if db.changes == 1 { return true }
        try db.run("INSERT INTO job_leases (name, holder, expires_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
                   [name, holder, now + seconds])
        return db.changes == 1
    }

    /// Gives up every lease this process holds, so another server takes the jobs at once.
    func releaseAll(in db: Database) throws {
        try db.run("DELETE FROM job_leases WHERE holder = ?", [holder])
    }
}
