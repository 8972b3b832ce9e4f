import CPostgres
import Storage

extension PostgresConnection {
    /// Runs one INSERT, UPDATE or DELETE (or DDL) with values bound to its `?` by position and
    /// returns how many rows it changed (`PQcmdTuples`; 0 for a statement that reports none).
    @discardableResult
    public func run(_ sql: String, _ values: [any SQLBindable]) throws -> Int {
        try perform(sql, values.map(\.sqlValue)).changedRowCount ?? 0
    }

    /// Returns every row of one query with values bound by position, also the rows a
    /// `RETURNING` clause gives back.
    public func query(_ sql: String, _ values: [any SQLBindable]) throws -> [Row] {
        try perform(sql, values.map(\.sqlValue)).rows
    }

    /// Returns the first row of one query, or nil when there is none.
    public func queryOne(_ sql: String, _ values: [any SQLBindable]) throws -> Row? {
        try query(sql, values).first
    }

    /// Runs the cached statement for `sql` (`PQsendQueryPrepared`, text results). A statement the
    /// server no longer knows is prepared again and, outside a transaction, run once more.
    private func perform(_ sql: String, _ values: [SQLValue]) throws -> PostgresResult {
        let wasInsideTransaction = isInsideTransaction
        do {
            return try performOnce(sql, values)
        } catch let error as PostgresError where forgetStatement(for: sql, after: error) && !wasInsideTransaction {
            return try performOnce(sql, values)
        }
    }

    private func performOnce(_ sql: String, _ values: [SQLValue]) throws -> PostgresResult {
        let statement = try cached(sql, for: values)
        let parameters = try ParameterBuffer(values, sql: sql)
        return try parameters.withPointers { pointers, lengths, formats in
            Result { try exchange(sql: sql) { PQsendQueryPrepared($0, statement.name, Int32(values.count), pointers, lengths, formats, 0) } }
        }.get()
    }
}
