/// The two databases Railbook runs on.
public enum SQLDialect: String, Sendable, CaseIterable {
    /// The embedded default: one file, one writer at a time.
    case sqlite
    /// A shared server for several Railbook servers.
    case postgresql
}
