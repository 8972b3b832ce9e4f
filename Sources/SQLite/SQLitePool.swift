import Glibc
import Locking
import Storage

/// Connections to one database file for a multi-threaded server: one writer, many readers.
///
/// Writes go through the single writer connection and are committed in groups (`GroupCommit`):
/// the writes that arrive while one group is being committed wait and are committed together
/// next, each in its own savepoint, so a durable commit (`synchronous = FULL`) costs one flush per
/// group rather than one per write. Reads check out an idle reader connection (opening one if fewer
/// than `maximumReaderCount` exist, waiting otherwise). In WAL mode readers never block the
/// writer, and each read sees the data committed when it began.
///
/// Calls nest as `DatabasePool` says. The pool remembers which thread holds which reader, so a
/// `read` inside a `read` joins that reader's transaction instead of waiting for another reader
/// (which, with every reader checked out, would wait for ever), and a `write` inside a `read` is
/// refused before it is queued. A write's body runs on the group's leader thread, where a `read`
/// joins the writer's transaction and a `write` is a savepoint.
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
    private let readers = Locked(Readers())

    /// The reader connections, and who holds which.
    private struct Readers {
        var idle: [SQLiteDatabase] = []
        var openCount = 0
        /// The reader each thread inside a `read` holds.
        var byThread: [pthread_t: SQLiteDatabase] = [:]
        var isClosed = false
        /// Check-outs that had to wait for a reader, and the microseconds they waited.
        var waits = 0
        var waitMicroseconds = 0
    }

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
    /// Inside a read on this thread it joins that read; inside a write's body, the write.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        if group.isLeadingOnThisThread {
            return try writer.read(body)
        }
        let (reader, isNested) = try checkOutReader()
        if isNested {
            return try reader.read(body)
        }
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

    public var statistics: PoolStatistics {
        var statistics = PoolStatistics()
        readers.withLock { readers in
            statistics.connectionsOpen = readers.openCount
            statistics.connectionsInUse = readers.openCount - readers.idle.count
            statistics.waits = readers.waits
            statistics.waitSeconds = Double(readers.waitMicroseconds) / 1_000_000
        }
        (statistics.commitGroups, statistics.commitWrites) = group.statistics
        return statistics
    }

    private func perform<T>(isExclusive: Bool, _ body: (Database) throws -> T) throws -> T {
        let (isPoolClosed, isReading) = threadState
        guard !isPoolClosed else { throw SQLiteError.closed("database pool") }
        if group.isLeadingOnThisThread {
            guard isExclusive else { return try writer.write(body) }
            guard !writer.isReading else { throw TransactionNestingError(.writeInsideRead) }
            guard !writer.isInsideTransaction else { throw TransactionNestingError(.withoutTransactionInsideTransaction) }
            return try body(writer)
        }
        guard !isReading else { throw TransactionNestingError(.writeInsideRead) }
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
        readers.withLock { readers in
            readers.isClosed = true
            readers.idle.forEach { $0.close() }
            readers.openCount -= readers.idle.count
            readers.idle.removeAll()
        }
        readers.broadcast()
        readers.withLock(waitingUntil: { $0.openCount == 0 }) { _ in }
        group.waitUntilIdle()
        writer.close()
    }

    /// Whether the pool is closed, and whether this thread is inside a `read`.
    private var threadState: (isClosed: Bool, isReading: Bool) {
        let thread = pthread_self()
        return readers.withLock { ($0.isClosed, $0.byThread[thread] != nil) }
    }

    /// The reader this thread holds already (nested), else an idle one, or a new one while fewer
    /// than `maximumReaderCount` are open, else the first one given back.
    private func checkOutReader() throws -> (reader: SQLiteDatabase, isNested: Bool) {
        let thread = pthread_self()
        let maximum = maximumReaderCount
        var checks = 0
        let asked = Self.monotonicMicroseconds()
        return try readers.withLock(waitingUntil: { readers in
            checks += 1
            return readers.byThread[thread] != nil || readers.isClosed || !readers.idle.isEmpty || readers.openCount < maximum
        }) { readers in
            if let reader = readers.byThread[thread] {
                return (reader, true)
            }
            if checks > 1 {
                readers.waits += 1
                readers.waitMicroseconds += Self.monotonicMicroseconds() - asked
            }
            guard !readers.isClosed else { throw SQLiteError.closed("database pool") }
            let reader: SQLiteDatabase
            if let idle = readers.idle.popLast() {
                reader = idle
            } else {
                reader = try SQLiteDatabase(path: path, options: options)
                try reader.execute("PRAGMA query_only = ON")
                readers.openCount += 1
            }
            readers.byThread[thread] = reader
            return (reader, false)
        }
    }

    private static func monotonicMicroseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1_000_000 + time.tv_nsec / 1_000
    }

    private func checkIn(_ reader: SQLiteDatabase) {
        let thread = pthread_self()
        readers.withLock { readers in
            readers.byThread[thread] = nil
            if readers.isClosed {
                reader.close() // before the count goes down, so `close()` returns with every reader closed
                readers.openCount -= 1
            } else {
                readers.idle.append(reader)
            }
        }
        readers.broadcast()
    }
}
