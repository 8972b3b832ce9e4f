import Storage

/// An error reported by PostgreSQL, or by this driver when a connection, pool, statement or row
/// is used wrongly.
///
/// It carries the SQLSTATE, the primary message, the constraint's name and the SQL text, never the
/// bound values, which may hold personal data: the server's detail line (which repeats key values)
/// is not kept, and for data exceptions (class `22`, e.g. `invalid input syntax for type bigint:
/// "…"`) the quoted input in the message is withheld.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The five-character SQLSTATE, such as `23505`; driver-side errors use the standard code
    /// closest to their meaning (`08001` cannot connect, `08P01` wrong number of values…).
    public let sqlState: String
    /// What happened, for `switch`.
    public let kind: PostgresErrorKind
    /// The primary human-readable message.
    public let message: String
    /// The constraint that failed, when the server named one.
    public let constraint: String?
    /// The SQL text being run when the error happened, if any (with its `?` placeholders).
    public let sql: String?

    /// Creates an error; the kind follows from the SQLSTATE unless given.
    public init(sqlState: String, message: String, constraint: String? = nil, sql: String? = nil, kind: PostgresErrorKind? = nil) {
        self.sqlState = sqlState
        self.kind = kind ?? PostgresErrorKind(sqlState: sqlState)
        self.message = sqlState.hasPrefix("22") ? Self.withholdingQuotedInput(message) : message
        self.constraint = constraint
        self.sql = sql
    }

    /// True when a UNIQUE or PRIMARY KEY constraint failed.
    public var isUniqueViolation: Bool { kind == .uniqueViolation }

    /// True for a serialization failure or a deadlock: the whole transaction may simply run again.
    public var isRetryable: Bool { kind == .serializationFailure || kind == .deadlock }

    /// The SQLSTATE, the message, the constraint and the SQL, on one line.
    public var description: String {
        var text = "PostgreSQL error \(sqlState): \(message)"
        if let constraint { text += " (constraint \(constraint))" }
        if let sql { text += " — while running: \(sql)" }
        return text
    }

    /// `invalid input syntax for type bigint: "alice"` becomes `… bigint: "…"`.
    private static func withholdingQuotedInput(_ message: String) -> String {
        var result = ""
        var isInsideQuotes = false
        for character in message {
            if character == "\"" {
                if isInsideQuotes { result += "…" }
                isInsideQuotes.toggle()
                result.append(character)
            } else if !isInsideQuotes {
                result.append(character)
            }
        }
        return result
    }
}

extension PostgresError {
    /// The error thrown when the connection broke (or gave no answer) during `COMMIT`: `error`
    /// says how, and whether the transaction was kept is not known.
    static func commitOutcomeUnknown(after error: PostgresError) -> PostgresError {
        PostgresError(
            sqlState: SQLState.transactionResolutionUnknown,
            message: "the connection was lost during COMMIT, so whether the transaction was kept is not known (\(error.message))",
            sql: "COMMIT", kind: .connectionFailure)
    }

    /// The error thrown when a closed connection or pool is used.
    static func closed(_ what: String) -> PostgresError {
        PostgresError(sqlState: SQLState.connectionDoesNotExist, message: "the \(what) is closed")
    }
}

extension PostgresError: DatabaseError {
    /// A lock waited past `lock_timeout`, the pool had no free connection in time, a
    /// serialization failure or deadlock outlasted the retries, or the connection broke or gave no
    /// answer (the server gone or failing over): each is worth trying again shortly.
    public var isBusy: Bool {
        kind == .lockNotAvailable || kind == .poolExhausted || isRetryable || isLostConnection
    }

    /// The connection could not be made, broke, or gave no answer: not the driver's own complaints
    /// of class 08, a closed connection or pool used (`08003`) or values that do not fit the
    /// statement (`08P01`), which are faults of the program.
    var isLostConnection: Bool {
        kind == .connectionFailure && sqlState != SQLState.connectionDoesNotExist && sqlState != SQLState.protocolViolation
    }

    /// `08007`: the connection was lost during `COMMIT`.
    public var isOutcomeUnknown: Bool { sqlState == SQLState.transactionResolutionUnknown }

    /// The server could not extend a file: `53100` (disk_full).
    public var isOutOfSpace: Bool { sqlState == "53100" }
}
