import CSQLite
import Storage

/// One prepared statement, owning its `sqlite3_stmt`, finalized when the statement is released.
///
/// A statement belongs to the thread using its connection and is deliberately not `Sendable`.
public final class Statement {
    /// The SQL text the statement was prepared from.
    public let sql: String
    /// The column names of the result, in order; empty for statements returning no rows.
    public let columnNames: [String]
    let handle: OpaquePointer
    let connection: OpaquePointer

    /// Prepares exactly one SQL statement; throws if the text holds none or more than one.
    init(connection: OpaquePointer, sql: String, persistent: Bool) throws {
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        var handle: OpaquePointer?
        var remainder: UnsafePointer<CChar>?
        let (result, hasMoreStatements) = sql.withCString { text in
            let result = sqlite3_prepare_v3(connection, text, -1, flags, &handle, &remainder)
            return (result, result == SQLITE_OK && Statement.holdsStatement(remainder, connection: connection))
        }
        guard result == SQLITE_OK else {
            throw SQLiteError(code: result, connection: connection, sql: sql)
        }
        guard let handle else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "the SQL holds no statement", sql: sql)
        }
        guard !hasMoreStatements else {
            sqlite3_finalize(handle)
            let message = "prepare takes one statement; use SQLiteDatabase.execute for several"
            throw SQLiteError(code: SQLITE_MISUSE, message: message, sql: sql)
        }
        self.sql = sql
        self.handle = handle
        self.connection = connection
        self.columnNames = (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Advances to the next row: true when a row is available, false when the statement is done.
    public func step() throws -> Bool {
        let result = sqlite3_step(handle)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(code: result, connection: connection, sql: sql)
        }
    }

    /// Rewinds the statement so it can run again; bindings are kept.
    public func reset() {
        sqlite3_reset(handle)
    }

    /// Sets every parameter back to NULL.
    public func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    /// The current row, copied; call after `step()` returned true.
    public func currentRow() -> Row {
        Row(columnNames: columnNames, values: columnNames.indices.map { value(at: Int32($0)) })
    }

    /// Runs the statement from the start with the current bindings and returns every row.
    public func rows() throws -> [Row] {
        reset()
        defer { reset() }
        var rows: [Row] = []
        while try step() {
            rows.append(currentRow())
        }
        return rows
    }

    /// Runs the statement from the start to completion, e.g. an INSERT, UPDATE or DELETE, and
    /// returns how many rows it changed (not counting what triggers changed; 0 for any other kind).
    @discardableResult
    public func run() throws -> Int {
        reset()
        defer { reset() }
        // sqlite3_changes keeps the count of the latest statement that changed rows, so it is read
        // only when the connection's total moved.
        let before = sqlite3_total_changes64(connection)
        while try step() {}
        return sqlite3_total_changes64(connection) == before ? 0 : Int(sqlite3_changes64(connection))
    }

    private func value(at index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(handle, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            guard let bytes = sqlite3_column_blob(handle, index) else { return .blob([]) }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            return .null
        }
    }

    /// True when the text after the first statement holds another statement, not just blanks or comments.
    private static func holdsStatement(_ remainder: UnsafePointer<CChar>?, connection: OpaquePointer) -> Bool {
        guard let remainder, remainder.pointee != 0 else { return false }
        var next: OpaquePointer?
        let result = sqlite3_prepare_v2(connection, remainder, -1, &next, nil)
        sqlite3_finalize(next)
        return result != SQLITE_OK || next != nil
    }
}

@available(*, unavailable)
extension Statement: Sendable {}
