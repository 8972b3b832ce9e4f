import Foundation

/// Connections to one database file for a multi-threaded server: one writer, many readers.
///
/// Writes go one at a time through the single writer connection; reads check out an idle reader
/// connection (opening one if fewer than `maximumReaderCount` exist, waiting otherwise). In WAL mode
/// readers never block the writer, and each read sees the data committed when it began.
public final class DatabasePool: @unchecked Sendable {
    /// The database file.
    public let path: String
    /// The most reader connections open at once; a further read waits for one to be returned.
    public let maximumReaderCount: Int
    private let options: DatabaseOptions
    // Recursive, so a write nested in a write on the same thread becomes a savepoint, not a deadlock.
    private let writerLock = NSRecursiveLock()
    private let writer: Database
    // Guards everything below.
    private let readerCondition = NSCondition()
    private var idleReaders: [Database] = []
    private var openReaderCount = 0
    private var isClosed = false

    /// Opens the writer connection at once (creating the file and switching it to WAL);
    /// reader connections open on demand.
    public init(path: String, options: DatabaseOptions = DatabaseOptions(), maximumReaderCount: Int = 8) throws {
        precondition(maximumReaderCount > 0, "a pool needs at least one reader connection")
        self.path = path
        self.options = options
        self.maximumReaderCount = maximumReaderCount
        self.writer = try Database(path: path, options: options)
    }

    deinit {
        close()
    }

    /// Runs `body` in a read transaction on a reader connection that refuses writes (`query_only`).
    ///
    /// Do not call `read` again inside `body`: with every reader checked out, that would wait forever.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        let reader = try checkOutReader()
        defer { checkIn(reader) }
        return try reader.read(body)
    }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE` … `COMMIT`, rolled back if it throws)
    /// on the writer connection, after any write in progress on another thread has finished.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try writeWithoutTransaction { try $0.write(body) }
    }

    /// Gives `body` the writer connection to itself without opening a transaction, for work that
    /// manages its own, such as migrations or `VACUUM`.
    public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        writerLock.lock()
        defer { writerLock.unlock() }
        guard !isPoolClosed else { throw SQLiteError.closed("database pool") }
        return try body(writer)
    }

    /// Waits for reads and writes in progress, then closes every connection; later calls throw.
    ///
    /// Do not call it from inside `read` or `write` on the same pool.
    public func close() {
        readerCondition.lock()
        isClosed = true
        idleReaders.forEach { $0.close() }
        openReaderCount -= idleReaders.count
        idleReaders.removeAll()
        while openReaderCount > 0 {
            readerCondition.wait()
        }
        readerCondition.unlock()
        writerLock.lock()
        writer.close()
        writerLock.unlock()
    }

    private var isPoolClosed: Bool {
        readerCondition.lock()
        defer { readerCondition.unlock() }
        return isClosed
    }

    private func checkOutReader() throws -> Database {
        readerCondition.lock()
        defer { readerCondition.unlock() }
        while true {
            guard !isClosed else { throw SQLiteError.closed("database pool") }
            if let reader = idleReaders.popLast() {
                return reader
            }
            if openReaderCount < maximumReaderCount {
                let reader = try Database(path: path, options: options)
                try reader.execute("PRAGMA query_only = ON")
                openReaderCount += 1
                return reader
            }
            readerCondition.wait()
        }
    }

    private func checkIn(_ reader: Database) {
        readerCondition.lock()
        defer { readerCondition.unlock() }
        if isClosed {
            reader.close()
            openReaderCount -= 1
        } else {
            idleReaders.append(reader)
        }
        readerCondition.broadcast()
    }
}
