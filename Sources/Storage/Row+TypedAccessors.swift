extension Row {
    /// The column as an `Int`; throws if it is missing, NULL or not an integer.
    public func int(_ column: some ColumnKey) throws -> Int { try decode(column) }

    /// The column as an `Int64`; throws if it is missing, NULL or not an integer.
    public func int64(_ column: some ColumnKey) throws -> Int64 { try decode(column) }

    /// The column as a `Double` (integers convert); throws if it is missing, NULL or not a number.
    public func double(_ column: some ColumnKey) throws -> Double { try decode(column) }

    /// The column as a `String`; throws if it is missing, NULL or not text.
    public func string(_ column: some ColumnKey) throws -> String { try decode(column) }

    /// The column as a `Bool` (0 is false); throws if it is missing, NULL or not an integer.
    public func bool(_ column: some ColumnKey) throws -> Bool { try decode(column) }

    /// The column as bytes; throws if it is missing, NULL or not a blob.
    public func blob(_ column: some ColumnKey) throws -> [UInt8] { try decode(column) }

    /// The column as an `Int`, nil for NULL; throws if it is missing or not an integer.
    public func optionalInt(_ column: some ColumnKey) throws -> Int? { try decode(column) }

    /// The column as an `Int64`, nil for NULL; throws if it is missing or not an integer.
    public func optionalInt64(_ column: some ColumnKey) throws -> Int64? { try decode(column) }

    /// The column as a `Double`, nil for NULL; throws if it is missing or not a number.
    public func optionalDouble(_ column: some ColumnKey) throws -> Double? { try decode(column) }

    /// The column as a `String`, nil for NULL; throws if it is missing or not text.
    public func optionalString(_ column: some ColumnKey) throws -> String? { try decode(column) }

    /// The column as a `Bool`, nil for NULL; throws if it is missing or not an integer.
    public func optionalBool(_ column: some ColumnKey) throws -> Bool? { try decode(column) }

    /// The column as bytes, nil for NULL; throws if it is missing or not a blob.
    public func optionalBlob(_ column: some ColumnKey) throws -> [UInt8]? { try decode(column) }
}
