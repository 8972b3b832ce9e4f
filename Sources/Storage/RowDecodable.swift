/// A record that builds itself from a result row, e.g. `User(row:)` reading `try row.string("email")`.
public protocol RowDecodable {
    /// Reads the record's fields from the row; throws when a column is missing or mistyped.
    init(row: Row) throws
}
