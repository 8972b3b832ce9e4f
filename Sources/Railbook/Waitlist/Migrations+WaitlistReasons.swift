import Storage

extension Migrations {
    /// Why a waitlist was closed when the status alone does not say it (`run_cancelled` for a
    /// refund because its run was cancelled; NULL for the usual reason of its status).
    static func addWaitlistCloseReasons(to migrator: inout Migrator) {
        migrator.register("2026-12-01-waitlist-close-reasons") { db in
            try db.executeSchema("ALTER TABLE waitlists ADD COLUMN closed_reason VARCHAR(20)")
        }
    }
}
