import Storage

extension PostgresConnection: Database {
    /// PostgreSQL.
    public var dialect: SQLDialect { .postgresql }

    /// Runs schema statements written in SQLite's spelling of types, mapped by `SchemaTypes`.
    public func executeSchema(_ sql: String) throws {
        try execute(SchemaTypes.postgreSQL(sql))
    }

    /// Runs the query with `FOR UPDATE`: its rows stay locked until the transaction ends.
    public func queryLocking(_ sql: String, _ values: [any SQLBindable]) throws -> [Row] {
        try query(sql + " FOR UPDATE", values)
    }

    /// Takes a transaction-scoped advisory lock on the key, waiting at most `lock_timeout`.
    public func lockUntilCommit(_ key: LockKey) throws {
        try advisoryTransactionLock(key.value)
    }
}
