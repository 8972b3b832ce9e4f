import CPostgres
import Storage

extension PostgresConnection {
    /// True while a transaction is open on this connection, also one that has failed.
    public var isInsideTransaction: Bool {
        guard let handle else { return false }
        let status = PQtransactionStatus(handle)
        return status != PQTRANS_IDLE && status != PQTRANS_UNKNOWN
    }

    /// Runs `body` in a write transaction (`BEGIN ISOLATION LEVEL READ COMMITTED, READ WRITE` …
    /// `COMMIT`) and returns its result; if `body` throws, everything it wrote is rolled back and
    /// the error is rethrown.
    ///
    /// True while a `read` body runs on this connection (also one that joined a write).
    public var isReading: Bool { readDepth > 0 }

    /// Called inside another write, it nests as a savepoint that rolls back on its own; inside a
    /// `read` it throws `TransactionNestingError` at once, before any statement (rather than
    /// `25006` from the first statement that writes). A connection does not retry;
    /// `PostgresPool.write` does.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        guard !isReading else { throw TransactionNestingError(.writeInsideRead) }
        if isInsideTransaction {
            return try inSavepoint(body)
        }
        try execute("BEGIN ISOLATION LEVEL READ COMMITTED, READ WRITE")
        return try commitOrRollback(body)
    }

    /// Runs `body` in a read transaction (`BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY`), so
    /// every query in it sees one consistent snapshot and any statement that writes fails with
    /// `25006`. Inside another transaction, `body` simply joins it. No `write` may run inside `body`.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        readDepth += 1
        defer { readDepth -= 1 }
        if isInsideTransaction {
            return try body(self)
        }
        try execute("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        return try commitOrRollback(body)
    }

    /// A body that caught a failed statement's error and returned would have PostgreSQL turn the
    /// COMMIT into a silent ROLLBACK; that is reported as `25P02` instead.
    private func commitOrRollback<T>(_ body: (Database) throws -> T) throws -> T {
        let result: T
        do {
            result = try body(self)
            if let handle, PQtransactionStatus(handle) == PQTRANS_INERROR {
                throw PostgresError(
                    sqlState: SQLState.inFailedTransaction,
                    message: "a statement in the transaction failed, so it was rolled back instead of committed"
                )
            }
            do {
                try execute("COMMIT")
            } catch let error as PostgresError where error.kind == .connectionFailure && !isReading {
                throw PostgresError.commitOutcomeUnknown(after: error)
            }
        } catch {
            channelsAfterCommit = []
            rollbackIfStillOpen()
            throw error
        }
        if !channelsAfterCommit.isEmpty {
            let channels = channelsAfterCommit
            channelsAfterCommit = []
            sendNotifications(channels)
        }
        return result
    }

    private func inSavepoint<T>(_ body: (Database) throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "nested_write_\(savepointDepth)"
        try execute("SAVEPOINT \(name)")
        do {
            let result = try body(self)
            try execute("RELEASE SAVEPOINT \(name)")
            return result
        } catch {
            try? execute("ROLLBACK TO SAVEPOINT \(name)")
            try? execute("RELEASE SAVEPOINT \(name)")
            throw error
        }
    }

    /// A failed COMMIT has already ended the transaction; a broken connection has nothing to end.
    func rollbackIfStillOpen() {
        if isInsideTransaction {
            try? execute("ROLLBACK")
        }
    }
}
