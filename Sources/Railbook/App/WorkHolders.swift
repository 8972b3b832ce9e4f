import Storage

/// Whether the server holding a piece of work — a job's lease, a claim on a reaction — still runs,
/// as a condition a claim tests in SQL: work a dead server held is taken over at the next claim,
/// not when its lease or claim runs out.
enum WorkHolders {
    /// SQL that is true when the holder named in `column` is gone, and the one value it binds.
    /// SQLite serves one process, so every holder but this process is gone (one that was killed,
    /// or ran before a restart). On PostgreSQL a running server keeps a session named after it
    /// (`ServerInstance.presenceName`, see `Application`); a holder without one in
    /// `pg_stat_activity` was killed or lost its machine. A server whose session dropped for a
    /// moment may lose work to another meanwhile: the work is guarded, never done twice.
    static func goneCondition(_ column: String, in dialect: SQLDialect) -> (sql: String, value: String) {
        switch dialect {
        case .sqlite:
            ("\(column) <> ?", ServerInstance.id)
        case .postgresql:
            (
                "NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE application_name = CAST(? AS TEXT) || \(column))",
                ServerInstance.presencePrefix
            )
        }
    }
}
