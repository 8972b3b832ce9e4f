/// The two databases Railbook runs on.
public enum SQLDialect: String, Sendable, CaseIterable {
    /// The embedded default: one file, one writer at a time.
    case sqlite
    /// A shared server for several Railbook servers.
    case postgresql
}

extension SQLDialect {
    /// SQL for the database's own time now, in whole Unix seconds: the one clock several servers on
    /// one database agree on, whatever their own clocks say (SQLite, in the process, reads the
    /// process's clock).
    public var currentTimeSQL: String {
        switch self {
        case .sqlite: "CAST(strftime('%s', 'now') AS INTEGER)"
        case .postgresql: "CAST(FLOOR(EXTRACT(EPOCH FROM statement_timestamp())) AS BIGINT)"
        }
    }
}
