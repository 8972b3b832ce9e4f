import Storage

extension PostgresConnection: Database {
    /// PostgreSQL.
    public var dialect: SQLDialect { .postgresql }

    /// Runs schema statements written in SQLite's spelling of types, mapped by `SchemaTypes`.
    public func executeSchema(_ sql: String) throws {
        try executeMigration(SchemaTypes.postgreSQL(sql))
    }

    /// Runs the query with `FOR UPDATE`: its rows stay locked until the transaction ends.
    public func queryLocking(_ sql: String, _ values: [any SQLBindable]) throws -> [Row] {
        try query(sql + " FOR UPDATE", values)
    }

    /// Takes a transaction-scoped advisory lock on the key, waiting at most `lock_timeout`.
    public func lockUntilCommit(_ key: LockKey) throws {
        try advisoryTransactionLock(key.value)
    }

    /// Keeps `channel` for the end of the transaction: after its commit the pool's notifier (or,
    /// on a connection of no pool, this connection) sends it; outside a transaction it is sent now.
    public func notifyAfterCommit(_ channel: String) {
        guard isInsideTransaction else {
            sendNotifications([channel])
            return
        }
        channelsAfterCommit.insert(channel)
    }

    /// Sends `channels` as the pool's notifier does, or right away on this connection.
    func sendNotifications(_ channels: Set<String>) {
        if let notifier {
            notifier.post(channels)
        } else {
            for channel in channels { try? notify(channel: channel) }
        }
    }
}
