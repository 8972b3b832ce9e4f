import Foundation
import Locking
import Storage

/// A fixed number of connections to one PostgreSQL database, for any thread.
///
/// `read` and `write` check out an idle connection (opening one while fewer than `size` are
/// open), run one transaction on it and give it back. When every connection is in use a checkout
/// waits, at most `checkoutTimeout` seconds, then fails with `53300` (`.poolExhausted`). A
/// connection found broken — on its way out, by a cheap look at its socket, or on its way back —
/// is closed and replaced by a new one on demand. Several stateless servers may each have a pool
/// on the same database; PostgreSQL, not the pool, keeps their writes apart.
///
/// A `read` or `write` inside another (or inside `withConnection`) on the same thread uses that
/// thread's connection, as `DatabasePool` says: a nested `write` becomes a savepoint, a nested
/// `read` joins the transaction (and sees its writes), and a `write` inside a `read` throws
/// `TransactionNestingError` at once. So nested calls never wait for a second connection.
public final class PostgresPool: DatabasePool, @unchecked Sendable {
    /// PostgreSQL.
    public var dialect: SQLDialect { .postgresql }
    /// The most connections open at once.
    public let size: Int
    /// How long a checkout waits for a free connection, in seconds.
    public let checkoutTimeout: Double
    /// Seconds a connection may sit idle before it is closed (nil: never), so that a quiet server,
    /// or a pool nobody uses any more, does not hold the database's connection slots.
    public let idleTimeout: Double?
    /// How `write` runs a transaction again after a serialization failure or deadlock.
    public let retryPolicy: PostgresRetryPolicy
    /// How each connection is opened.
    public let options: PostgresOptions
    private let uri: String
    private let state: Locked<State>

    /// The connections, and which thread uses which.
    private struct State {
        /// Idle connections with when each came back (monotonic seconds), the longest idle first.
        var idle: [(connection: PostgresConnection, since: Double)] = []
        var openCount = 0
        var connectionsByThread: [pthread_t: PostgresConnection] = [:]
        var isClosed = false
        /// Check-outs that had to wait for a connection, and the seconds they waited.
        var waits = 0
        var waitSeconds = 0.0
    }
    /// Sends what committed transactions asked to notify (`notifyAfterCommit`).
    private var notifier: PostgresNotifier!

    /// Opens one connection at once, so a wrong URI or an old server fails here; the others open
    /// on demand.
    public init(
        uri: String,
        size: Int = 8,
        options: PostgresOptions = PostgresOptions(),
        checkoutTimeout: Double = 5,
        retryPolicy: PostgresRetryPolicy = PostgresRetryPolicy(),
        idleTimeout: Double? = 60
    ) throws {
        precondition(size > 0, "a pool needs at least one connection")
        self.uri = uri
        self.size = size
        self.options = options
        self.checkoutTimeout = checkoutTimeout
        self.retryPolicy = retryPolicy
        self.idleTimeout = idleTimeout
        let first = try PostgresConnection(uri: uri, options: options)
        state = Locked(State(idle: [(first, IdleConnectionReaper.now())], openCount: 1))
        notifier = PostgresNotifier { [weak self] channel in
            try self?.withConnection { try $0.notify(channel: channel) }
        }
        first.notifier = notifier
        if idleTimeout != nil { IdleConnectionReaper.shared.watch(self) }
    }

    deinit {
        close()
    }

    /// Runs `body` in a read transaction (REPEATABLE READ, READ ONLY) on a pooled connection.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try withConnection { try $0.read(body) }
    }

    /// Runs `body` in a write transaction (READ COMMITTED, rolled back if it throws) on a pooled
    /// connection, and runs the whole transaction again after a serialization failure or a
    /// deadlock, as `retryPolicy` says.
    ///
    /// `body` must therefore be safe to run more than once: everything it does to the database is
    /// rolled back before a retry, but what it does outside (appending to an array, sending a
    /// message, publishing an event) is not — do that after `write` returns, from its result.
    /// Nested inside another `write` on the same thread, it is a savepoint and never retried on
    /// its own: the outermost `write` retries the whole transaction.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        if let connection = connectionOfThisThread {
            guard connection.isInsideTransaction else {
                return try retryPolicy.run { try connection.write(body) }
            }
            return try connection.write(body)
        }
        return try retryPolicy.run {
            try withConnection { try $0.write(body) }
        }
    }

    /// Gives `body` a pooled connection without opening a transaction, for work that manages its
    /// own, such as migrations, or takes session-level advisory locks.
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        if let connection = connectionOfThisThread {
            return try body(connection)
        }
        let connection = try checkOut()
        setConnectionOfThisThread(connection)
        defer {
            setConnectionOfThisThread(nil)
            checkIn(connection)
        }
        return try body(connection)
    }

    /// Runs `body` on a pooled connection, outside a transaction, while holding the session-level
    /// advisory lock `exclusiveWorkKey`: two servers starting at once migrate one after the other.
    public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        if let connection = connectionOfThisThread, connection.isInsideTransaction {
            throw TransactionNestingError(connection.isReading ? .writeInsideRead : .withoutTransactionInsideTransaction)
        }
        return try withConnection { connection in
            try connection.advisoryLock(Self.exclusiveWorkKey)
            defer { _ = try? connection.releaseAdvisoryLock(Self.exclusiveWorkKey) }
            return try body(connection)
        }
    }

    /// The advisory lock `writeWithoutTransaction` holds.
    public static let exclusiveWorkKey = LockKey("railbook", "exclusive-work").value

    /// Waits for the connections in use to come back, then closes every connection; later calls
    /// throw `08003`. Do not call it from inside `read` or `write` on the same pool.
    public func close() {
        notifier.stop()
        state.withLock { state in
            state.isClosed = true
            state.idle.forEach { $0.connection.close() }
            state.openCount -= state.idle.count
            state.idle.removeAll()
        }
        state.broadcast()
        state.withLock(waitingUntil: { $0.openCount == 0 }) { _ in }
    }

    public var statistics: PoolStatistics {
        state.withLock { state in
            var statistics = PoolStatistics()
            statistics.connectionsOpen = state.openCount
            statistics.connectionsInUse = state.openCount - state.idle.count
            statistics.waits = state.waits
            statistics.waitSeconds = state.waitSeconds
            return statistics
        }
    }

    /// How many connections are open now, idle or in use.
    public var openConnectionCount: Int {
        state.withLock { $0.openCount }
    }

    private var connectionOfThisThread: PostgresConnection? {
        let thread = pthread_self()
        return state.withLock { $0.connectionsByThread[thread] }
    }

    private func setConnectionOfThisThread(_ connection: PostgresConnection?) {
        let thread = pthread_self()
        state.withLock { $0.connectionsByThread[thread] = connection }
    }

    private enum Checkout {
        case idle(PostgresConnection)
        case openNew
    }

    private func checkOut() throws -> PostgresConnection {
        while true {
            switch try reserveConnection() {
            case .idle(let connection):
                if connection.isUsableAfterIdling() { return connection }
                discard(connection)
            case .openNew:
                do {
                    let connection = try PostgresConnection(uri: uri, options: options)
                    connection.notifier = notifier
                    return connection
                } catch {
                    discard(nil)
                    throw error
                }
            }
        }
    }

    /// An idle connection, or the right to open one, waiting at most `checkoutTimeout`.
    private func reserveConnection() throws -> Checkout {
        let size = size
        var checks = 0
        let asked = IdleConnectionReaper.now()
        return try state.withLock(
            waitingUntil: {
                checks += 1
                return $0.isClosed || !$0.idle.isEmpty || $0.openCount < size
            },
            timeout: checkoutTimeout
        ) { state in
            if checks > 1 {
                state.waits += 1
                state.waitSeconds += IdleConnectionReaper.now() - asked
            }
            guard !state.isClosed else { throw PostgresError.closed("PostgreSQL pool") }
            if let (connection, _) = state.idle.popLast() {
                return .idle(connection)
            }
            guard state.openCount < size else {
                throw PostgresError(
                    sqlState: SQLState.tooManyConnections,
                    message: "all \(size) connections of the pool stayed in use for \(checkoutTimeout) s",
                    kind: .poolExhausted
                )
            }
            state.openCount += 1
            return .openNew
        }
    }

    /// Back to the idle list, with any transaction left open rolled back and session advisory
    /// locks released; a broken connection, or any once the pool is closing, is closed instead.
    private func checkIn(_ connection: PostgresConnection) {
        connection.rollbackIfStillOpen()
        if connection.holdsSessionAdvisoryLocks {
            try? connection.releaseAllAdvisoryLocks()
        }
        let since = IdleConnectionReaper.now()
        state.withLock { state in
            if state.isClosed || connection.isBroken {
                connection.close()
                state.openCount -= 1
            } else {
                state.idle.append((connection, since))
            }
        }
        state.broadcast()
    }

    /// Closes the connections idle for longer than `idleTimeout` (called by `IdleConnectionReaper`).
    func closeIdleConnections(now: Double) {
        guard let idleTimeout else { return }
        let expired = state.withLock { state in
            var expired: [PostgresConnection] = []
            while let oldest = state.idle.first, now - oldest.since > idleTimeout {
                expired.append(state.idle.removeFirst().connection)
                state.openCount -= 1
            }
            return expired
        }
        if !expired.isEmpty { state.broadcast() }
        expired.forEach { $0.close() }
    }

    /// Gives up a connection's place (or a reserved place that could not be filled).
    private func discard(_ connection: PostgresConnection?) {
        connection?.close()
        state.withLock { $0.openCount -= 1 }
        state.broadcast()
    }
}
