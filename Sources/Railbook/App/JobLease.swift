import Storage

/// The right of one server to run one background job for a while (`job_leases`), so that of
/// several servers on one database exactly one runs each job at a time. A server claims the
/// lease each time the job is due: it gets it when it holds it already, when the lease has run
/// out, when its holder is gone (`WorkHolders`: killed, or on SQLite any process before this one),
/// or when the lease was claimed in the future (by a server whose clock ran ahead), and keeps it
/// for `seconds` more; otherwise another server runs the job and this one skips its turn. One
/// guarded statement decides, checked by its row count, so two servers claiming at once cannot
/// both win. Lease times are the database's (`SQLDialect.currentTimeSQL`), never a server's own.
struct JobLease: Sendable {
    /// Who holds leases: this process (`ServerInstance.id`).
    let holder: String

    /// Whether this process may run job `name` now, holding its lease for `seconds` if so.
    func claim(_ name: String, seconds: Int, in db: Database) throws -> Bool {
        let now = db.dialect.currentTimeSQL
        let gone = WorkHolders.goneCondition("holder", in: db.dialect)
        if try db.run(
            """
            UPDATE job_leases SET holder = ?, claimed_at = \(now), expires_at = \(now) + ?
            WHERE name = ? AND (holder = ? OR expires_at < \(now) OR claimed_at > \(now) OR \(gone.sql))
            """, [holder, seconds, name, holder, gone.value]) == 1
        {
            return true
        }
        return try db.run(
            """
            INSERT INTO job_leases (name, holder, claimed_at, expires_at) VALUES (?, ?, \(now), \(now) + ?) ON CONFLICT (name) DO NOTHING
            """, [name, holder, seconds]) == 1
    }

    /// Gives up every lease this process holds, so another server takes the jobs at once.
    func releaseAll(in db: Database) throws {
        try db.run("DELETE FROM job_leases WHERE holder = ?", [holder])
    }
}
