import CPostgres
import Storage

extension PostgresConnection {
    /// The statement for `sql` prepared on this connection, reused across calls; the first call
    /// rewrites `?` to `$n` and prepares it (`PQsendPrepare`). It is prepared again when the values'
    /// types no longer fit those it was prepared with. Beyond `statementCacheCapacity` statements
    /// the cache starts over with `DEALLOCATE ALL`.
    func cached(_ sql: String, for values: [SQLValue]) throws -> PreparedStatement {
        if let statement = cachedStatements[sql], statement.accepts(values) {
            return statement
        }
        let placeholders = NumberedPlaceholders(rewriting: sql)
        guard placeholders.count == values.count || placeholders.count == 0 else {
            let message = "expected \(placeholders.count) values to bind, got \(values.count)"
            throw PostgresError(sqlState: SQLState.protocolViolation, message: message, sql: sql)
        }
        if let outdated = cachedStatements[sql] {
            try? execute("DEALLOCATE \(outdated.name)")
        } else if cachedStatements.count >= options.statementCacheCapacity {
            // Names are never reused, so should this fail the old statements are merely left over.
            try? execute("DEALLOCATE ALL")
            cachedStatements.removeAll()
        }
        preparedStatementCount += 1
        let statement = PreparedStatement(
            name: "railbook_\(preparedStatementCount)",
            placeholderCount: placeholders.count,
            parameterTypes: values.map(TypeOID.declared(for:))
        )
        try statement.parameterTypes.withUnsafeBufferPointer { types in
            _ = try exchange(sql: sql) { PQsendPrepare($0, statement.name, placeholders.sql, Int32(types.count), types.baseAddress) }
        }
        cachedStatements[sql] = statement
        return statement
    }

    /// Forgets the statement for `sql` after the server said it is gone (`26000`) or its plan no
    /// longer fits a changed table (`0A000`), so the next call prepares it again.
    func forgetStatement(for sql: String, after error: PostgresError) -> Bool {
        guard error.sqlState == SQLState.invalidStatementName || error.sqlState == SQLState.featureNotSupported else {
            return false
        }
        cachedStatements[sql] = nil
        return true
    }
}
