import Storage
import Foundation

/// Connections to one database file for a multi-threaded server: one writer, many readers.
///
/// Writes go through the single writer connection and are committed in groups (`GroupCommit`):
/// the writes that arrive while one group is being committed wait and are committed together
/// next, each in its own savepoint, so a durable commit (`synchronous = FULL`) costs one flush per
/// group rather than one per write. Reads check out an idle reader connection (opening one if fewer
/// than `maximumReaderCount` exist, waiting otherwise). In WAL mode readers never block the
/// writer, and each read sees the data committed when it began.
public final class SQLitePool: DatabasePool, @unchecked Sendable {
    /// SQLite.
    public var dialect: SQLDialect { .sqlite }
    /// The database file.
    public let path: String
    /// The most reader connections open at once; a further read waits for one to be returned.
    public let maximumReaderCount: Int
    private let options: SQLiteOptions
    private let writer: SQLiteDatabase
    private let group: GroupCommit
    // Guards everything below.
    private let readerCondition = NSCondition()
    private var idleReaders: [SQLiteDatabase] = []
    private var openReaderCount = 0
    private var isClosed = false

    /// Opens the writer connection at once (creating the file and switching it to WAL);
    /// reader connections open on demand.
    public init(path: String, options: SQLiteOptions = SQLiteOptions(), maximumReaderCount: Int = 8) throws {
        precondition(maximumReaderCount > 0, "a pool needs at least one reader connection")
        self.path = path
        self.options = options
        self.maximumReaderCount = maximumReaderCount
        self.writer = try SQLiteDatabase(path: path, options: options)
        group = GroupCommit(writer: writer)
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

    /// Runs `body` in a write transaction and returns once it is committed (with the other writes of
    /// its group; durable when the connection is opened with `synchronous = FULL`). If `body` throws,
    /// what it wrote is rolled back and the error rethrown; the group's other writes still commit.
    /// A write from inside a write's body nests as a savepoint.
    ///
    /// `body` may run on another thread (the group's leader) while this one waits.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try perform(isExclusive: false, body)
    }

    /// Gives `body` the writer connection to itself, alone and without opening a transaction, for
    /// work that manages its own, such as migrations or `VACUUM`.
    public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try perform(isExclusive: true, body)
    }

    /// How many write groups were committed and how many writes they held.
    public var writeStatistics: (groups: Int, writes: Int) { group.statistics }

    private func perform<T>(isExclusive: Bool, _ body: (Database) throws -> T) throws -> T {
        guard !isPoolClosed else { throw SQLiteError.closed("database pool") }
        if group.isLeadingOnThisThread {
            return try isExclusive ? body(writer) : writer.write(body)
        }
        var result: Result<T, any Error>?
        let failure = withoutActuallyEscaping(body) { body in
            let job = GroupCommit.Job(isExclusive: isExclusive) { database in
                do {
                    result = .success(try body(database))
                    return true
                } catch {
                    result = .failure(error)
                    return false
                }
            }
            group.perform(job) // returns after the leader let go of the body
            return job.failure
        }
        if let failure { throw failure }
        guard let result else { throw SQLiteError.closed("database pool") }
        return try result.get()
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
        group.waitUntilIdle()
        writer.close()
    }

    private var isPoolClosed: Bool {
        readerCondition.lock()
        defer { readerCondition.unlock() }
        return isClosed
    }

    private func checkOutReader() throws -> SQLiteDatabase {
        readerCondition.lock()
        defer { readerCondition.unlock() }
        while true {
            guard !isClosed else { throw SQLiteError.closed("database pool") }
            if let reader = idleReaders.popLast() {
                return reader
            }
            if openReaderCount < maximumReaderCount {
                let reader = try SQLiteDatabase(path: path, options: options)
                try reader.execute("PRAGMA query_only = ON")
                openReaderCount += 1
                return reader
            }
            readerCondition.wait()
        }
    }

    private func checkIn(_ reader: SQLiteDatabase) {
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
