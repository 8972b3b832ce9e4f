extension Row {
    /// Reads a column as any bindable type, throwing a `RowDecodingError` that names the column
    /// when it is missing, NULL for a non-optional type, of another storage class, or (for an
    /// enum) a value that names no case. The message never holds the value itself.
    public func decode<Value: SQLBindable>(_ column: some ColumnKey, as type: Value.Type = Value.self) throws -> Value {
        guard let index = column.index(in: columnNames) else {
            let known = columnNames.joined(separator: ", ")
            throw RowDecodingError(message: "no \(column.columnDescription) in the row; columns are: \(known)")
        }
        let value = values[index]
        guard let decoded = Value(sqlValue: value) else {
            let name = columnNames[index]
            throw RowDecodingError(message: "column \"\(name)\" \(Value.mismatch(value))")
        }
        return decoded
    }

    /// Reads a column as `type`, e.g. `try row.decode(Order.Status.self, "status")`; see `decode(_:as:)`.
    public func decode<Value: SQLBindable>(_ type: Value.Type, _ column: some ColumnKey) throws -> Value {
        try decode(column, as: type)
    }
}
