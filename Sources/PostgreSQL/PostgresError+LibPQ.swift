import CPostgres
import Storage

extension PostgresError {
    /// Reads the SQLSTATE, primary message and constraint of a failed result. Errors libpq makes
    /// itself carry no SQLSTATE: a broken connection becomes `08006`, anything else `XX000`; any
    /// error that left the connection broken is of kind `.connectionFailure`.
    init(result: OpaquePointer, connection: OpaquePointer, sql: String?) {
        func field(_ code: Int32) -> String? {
            PQresultErrorField(result, code).map { String(cString: $0) }
        }
        let message =
            field(railbook_diagnostic_message_primary)
            ?? Self.trimmed(String(cString: PQresultErrorMessage(result)))
        let sqlState = field(railbook_diagnostic_sqlstate) ?? Self.libpqState(connection)
        // A server ending the session says why (57P01 for pg_terminate_backend), but what counts
        // for the caller is that the connection is gone.
        let kind: PostgresErrorKind? = PQstatus(connection) == CONNECTION_BAD ? .connectionFailure : nil
        self.init(
            sqlState: sqlState, message: message, constraint: field(railbook_diagnostic_constraint_name), sql: sql, kind: kind
        )
    }

    /// The connection's latest error, for calls that returned no result at all.
    init(connection: OpaquePointer, sql: String?) {
        let message = Self.trimmed(String(cString: PQerrorMessage(connection)))
        self.init(sqlState: Self.libpqState(connection), message: message.isEmpty ? "libpq returned no result" : message, sql: sql)
    }

    private static func libpqState(_ connection: OpaquePointer) -> String {
        PQstatus(connection) == CONNECTION_BAD ? SQLState.connectionFailure : "XX000"
    }

    /// libpq's messages end with a newline and may span lines; one line reads better in logs.
    static func trimmed(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.drop(while: \.isWhitespace) }.joined(separator: " ")
    }
}
