import CSQLite
import Storage

/// An error reported by SQLite, or by this module when a statement or a row is used wrongly.
///
/// It carries the result codes, the message and the SQL text, never the bound values,
/// which may hold personal data.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The primary result code, such as `SQLITE_CONSTRAINT` (19) or `SQLITE_BUSY` (5).
    public let code: Int32
    /// The extended result code, such as `SQLITE_CONSTRAINT_UNIQUE` (2067); equal to `code`
    /// when SQLite gave no detail.
    public let extendedCode: Int32
    /// The human-readable explanation.
    public let message: String
    /// The SQL text being prepared or run when the error happened, if any.
    public let sql: String?

    /// Creates an error from a primary or extended result code.
    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code & 0xFF
        self.extendedCode = code
        self.message = message
        self.sql = sql
    }

    /// True when another connection held a lock for longer than the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY }

    /// True when any constraint failed: UNIQUE, PRIMARY KEY, NOT NULL, CHECK or FOREIGN KEY.
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }

    /// True when a UNIQUE or PRIMARY KEY constraint failed, e.g. an e-mail address already taken;
    /// callers map it to a message on the form.
    public var isUniqueConstraintViolation: Bool {
        extendedCode == ResultCode.uniqueConstraint || extendedCode == ResultCode.primaryKeyConstraint
    }

    /// True when a FOREIGN KEY constraint failed.
    public var isForeignKeyViolation: Bool { extendedCode == ResultCode.foreignKeyConstraint }

    /// The codes, the message and the SQL, on one line.
    public var description: String {
        var text = "SQLite error \(code)"
        if extendedCode != code { text += " (extended \(extendedCode))" }
        text += ": \(message)"
        if let sql { text += " — while running: \(sql)" }
        return text
    }
}

extension SQLiteError {
    /// Reads the message of the latest failure from a connection.
    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        let message =
            connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        self.init(code: code, message: message, sql: sql)
    }

    /// The error thrown when a closed connection or pool is used.
    static func closed(_ what: String) -> SQLiteError {
        SQLiteError(code: SQLITE_MISUSE, message: "the \(what) is closed")
    }
}

/// Extended result codes that the C header spells as expressions Swift cannot import.
enum ResultCode {
    static let uniqueConstraint: Int32 = SQLITE_CONSTRAINT | (8 << 8)
    static let primaryKeyConstraint: Int32 = SQLITE_CONSTRAINT | (6 << 8)
    static let foreignKeyConstraint: Int32 = SQLITE_CONSTRAINT | (3 << 8)
}

extension SQLiteError: DatabaseError {
    /// A unique or primary-key constraint refused the row.
    public var isUniqueViolation: Bool { isUniqueConstraintViolation }

    /// The disk was full (the file system refused to grow the database or its WAL), or the file
    /// reached `max_page_count`.
    public var isOutOfSpace: Bool { code == SQLITE_FULL }
}
