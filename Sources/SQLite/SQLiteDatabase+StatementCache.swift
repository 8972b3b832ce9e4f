import Storage

extension SQLiteDatabase {
    /// A statement prepared once per connection and reused: reset, with bindings cleared, on each call.
    ///
    /// Finish with the returned statement before asking for the same SQL again, since both calls
    /// return the same object.
    public func cached(_ sql: String) throws -> Statement {
        if let statement = cachedStatements[sql] {
            statement.reset()
            statement.clearBindings()
            return statement
        }
        let statement = try Statement(connection: openHandle(), sql: sql, persistent: true)
        if cachedStatements.count >= options.statementCacheCapacity {
            // Statements still held by callers stay alive; the rest are finalized.
            cachedStatements.removeAll()
        }
        cachedStatements[sql] = statement
        return statement
    }
}
