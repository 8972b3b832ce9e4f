import CSQLite
import Storage

/// One SQLite connection, used by one thread at a time (it is not `Sendable`).
///
/// Opening sets, in this order: `busy_timeout`, `journal_mode = WAL`, `foreign_keys = ON` and
/// `synchronous`. Share work between threads through a `SQLitePool`.
public final class SQLiteDatabase {
    /// The file the connection opened; `:memory:` for a private in-memory database.
    public let path: String
    /// The options the connection was opened with.
    public let options: SQLiteOptions
    var handle: OpaquePointer?
    var cachedStatements: [String: Statement] = [:]
    /// How many `read` bodies are running on this connection: while any is, `write` is refused.
    var readDepth = 0

    /// Opens (creating if missing) the database file with the default options.
    public convenience init(path: String) throws {
        try self.init(path: path, options: SQLiteOptions())
    }

    /// Opens the database file with the given durability and the other options at their defaults.
    public convenience init(path: String, synchronous: SynchronousMode) throws {
        try self.init(path: path, options: SQLiteOptions(synchronous: synchronous))
    }

    /// Opens (creating if missing) the database file and configures the connection.
    public init(path: String, options: SQLiteOptions) throws {
        self.path = path
        self.options = options
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var handle: OpaquePointer?
        let result = sqlite3_open_v2(path, &handle, flags, nil)
        guard result == SQLITE_OK, let handle else {
            let error = SQLiteError(code: result, connection: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        try configure()
    }

    deinit {
        close()
    }

    /// Runs one or more SQL statements separated by semicolons, discarding any rows.
    public func execute(_ sql: String) throws {
        let connection = try openHandle()
        var errorMessage: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(connection, sql, nil, nil, &errorMessage)
        defer { sqlite3_free(errorMessage) }
        guard result == SQLITE_OK else {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(result))
            throw SQLiteError(code: sqlite3_extended_errcode(connection), message: message, sql: sql)
        }
    }

    /// Prepares one SQL statement; the caller owns it and may reuse it.
    public func prepare(_ sql: String) throws -> Statement {
        try Statement(connection: openHandle(), sql: sql, persistent: false)
    }

    /// The row ID of the latest successful INSERT on this connection.
    public var lastInsertedRowID: Int64 {
        handle.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// True once `close()` has run.
    public var isClosed: Bool { handle == nil }

    /// Finalizes the cached statements and closes the connection; later calls throw. Safe to call twice.
    public func close() {
        cachedStatements.removeAll()
        guard let handle else { return }
        // close_v2 defers the real close until statements still held by callers are finalized.
        sqlite3_close_v2(handle)
        self.handle = nil
    }

    /// The connection handle, or an error once closed.
    func openHandle() throws -> OpaquePointer {
        guard let handle else { throw SQLiteError.closed("database connection") }
        return handle
    }

    private func configure() throws {
        try execute("PRAGMA busy_timeout = \(options.busyTimeoutMilliseconds)")
        let journalMode = try queryOne("PRAGMA journal_mode = WAL").map { try $0.string(0) }
        guard journalMode == "wal" || journalMode == "memory" else {
            let message = "could not switch to WAL journal mode (got \(journalMode ?? "nothing"))"
            throw SQLiteError(code: SQLITE_ERROR, message: message, sql: "PRAGMA journal_mode = WAL")
        }
        try execute("PRAGMA foreign_keys = ON")
        try execute("PRAGMA synchronous = \(options.synchronous.rawValue)")
    }
}

@available(*, unavailable)
extension SQLiteDatabase: Sendable {}
