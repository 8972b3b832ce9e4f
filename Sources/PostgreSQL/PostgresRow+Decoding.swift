extension PostgresRow {
    /// Reads a column as any bindable type, throwing a `PostgresError` that names the column
    /// when it is missing (42703), NULL for a non-optional type, or of another kind (42804).
    public func decode<Value: PostgresBindable>(_ column: some PostgresColumnKey, as type: Value.Type = Value.self) throws -> Value {
        guard let index = column.index(in: columnNames) else {
            let known = columnNames.joined(separator: ", ")
            throw PostgresError(
                sqlState: SQLState.undefinedColumn,
                message: "no \(column.columnDescription) in the row; columns are: \(known)"
            )
        }
        let value = values[index]
        guard let decoded = Value(postgresValue: value) else {
            throw PostgresError(
                sqlState: SQLState.datatypeMismatch,
                message: "column \"\(columnNames[index])\" holds \(value.kindName), expected \(Value.self)"
            )
        }
        return decoded
    }
}
