import CSQLite
import Storage

extension SQLiteDatabase {
    /// How many times `write` tries `BEGIN IMMEDIATE` when another process holds the write lock
    /// past the busy timeout.
    static let maximumBeginAttempts = 3

    /// True while a transaction is open on this connection.
    public var isInsideTransaction: Bool {
        handle.map { sqlite3_get_autocommit($0) == 0 } ?? false
    }

    /// True while a `read` body runs on this connection (also one that joined a write).
    public var isReading: Bool { readDepth > 0 }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE` … `COMMIT`) and returns its result;
    /// if `body` throws, everything it wrote is rolled back and the error is rethrown.
    ///
    /// Called inside another write, it nests as a savepoint that rolls back on its own; inside a
    /// `read` it throws `TransactionNestingError` at once.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        guard !isReading else { throw TransactionNestingError(.writeInsideRead) }
        if isInsideTransaction {
            return try inSavepoint(body)
        }
        try beginImmediate()
        return try commitOrRollback(body)
    }

    /// Runs `body` in a read transaction (`BEGIN DEFERRED` … `COMMIT`), so every query in it sees
    /// one consistent snapshot. Inside another transaction, `body` simply joins it. No `write`
    /// may run inside `body`.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        readDepth += 1
        defer { readDepth -= 1 }
        if isInsideTransaction {
            return try body(self)
        }
        try run("BEGIN DEFERRED")
        return try commitOrRollback(body)
    }

    func beginImmediate() throws {
        for attempt in 1... {
            do {
                try run("BEGIN IMMEDIATE")
                return
            } catch let error as SQLiteError where error.isBusy && attempt < Self.maximumBeginAttempts {
                continue
            }
        }
    }

    private func commitOrRollback<T>(_ body: (Database) throws -> T) throws -> T {
        let result: T
        do {
            result = try body(self)
            try run("COMMIT")
        } catch {
            rollbackIfStillOpen()
            throw error
        }
        return result
    }

    private func inSavepoint<T>(_ body: (Database) throws -> T) throws -> T {
        try run("SAVEPOINT nested_write")
        do {
            let result = try body(self)
            try run("RELEASE SAVEPOINT nested_write")
            return result
        } catch {
            _ = try? run("ROLLBACK TO SAVEPOINT nested_write")
            _ = try? run("RELEASE SAVEPOINT nested_write")
            throw error
        }
    }

    /// Some errors (a full disk, an interrupted statement) already rolled back; others did not.
    private func rollbackIfStillOpen() {
        if isInsideTransaction {
            _ = try? run("ROLLBACK")
        }
    }
}
