import Storage

extension SQLiteDatabase: Database {
    /// SQLite.
    public var dialect: SQLDialect { .sqlite }

    /// Runs schema statements as written: they are in SQLite's spelling of types.
    public func executeSchema(_ sql: String) throws {
        try execute(sql)
    }

    /// A plain query: SQLite serialises writers, so the rows cannot change before the commit.
    public func queryLocking(_ sql: String, _ values: [any SQLBindable]) throws -> [Row] {
        try query(sql, values)
    }

    /// Nothing to do: SQLite serialises writers, so no other transaction can hold the key.
    public func lockUntilCommit(_ key: LockKey) throws {}

    /// Nothing to send: no other process shares an SQLite database's caches.
    public func notifyAfterCommit(_ channel: String) {}
}
