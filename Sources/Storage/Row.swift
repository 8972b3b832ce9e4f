/// One result row, copied out of the statement so it outlives it and can cross threads.
///
/// Read values by column name (`row["price"]`) or zero-based index (`row[0]`), or through the
/// throwing typed accessors (`try row.int("price")`), which explain a missing column or a wrong type.
public struct Row: Sendable, Equatable {
    /// The column names, in result order.
    public let columnNames: [String]
    /// The values, in the same order as `columnNames`.
    public let values: [SQLValue]

    /// Creates a row from names and values of equal count; tests and adapters use it.
    public init(columnNames: [String], values: [SQLValue]) {
        precondition(columnNames.count == values.count, "a row needs one value per column")
        self.columnNames = columnNames
        self.values = values
    }

    /// The number of columns.
    public var count: Int { values.count }

    /// The value of the named column, or NULL when there is no such column;
    /// use a typed accessor to get an error instead.
    public subscript(_ column: String) -> SQLValue {
        column.index(in: columnNames).map { values[$0] } ?? .null
    }

    /// The value at a zero-based index, or NULL when the index is out of range.
    public subscript(_ index: Int) -> SQLValue {
        values.indices.contains(index) ? values[index] : .null
    }

    /// True when the row has a column with this name (compared case-insensitively, as SQLite does).
    public func hasColumn(_ column: String) -> Bool {
        column.index(in: columnNames) != nil
    }
}
