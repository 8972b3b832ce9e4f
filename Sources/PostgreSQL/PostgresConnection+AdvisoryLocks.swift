import Foundation
import Storage

extension PostgresConnection {
    /// Takes the session-level advisory lock `key` if no other session holds it
    /// (`pg_try_advisory_lock`), without waiting; true when taken. It stays with this connection
    /// until `releaseAdvisoryLock` (a pool releases a connection's session locks when it is
    /// returned), whatever the transactions do; it suits leases held across transactions.
    public func tryAdvisoryLock(_ key: Int64) throws -> Bool {
        let isTaken = try queryOne("SELECT pg_try_advisory_lock(?)", [key])?.bool(0) ?? false
        if isTaken { holdsSessionAdvisoryLocks = true }
        return isTaken
    }

    /// Takes the session-level advisory lock `key`, waiting as long as another session holds it
    /// (it tries every 20 ms, so no `lock_timeout` applies), e.g. around migrations that two
    /// servers starting at once must not run side by side.
    public func advisoryLock(_ key: Int64) throws {
        while try !tryAdvisoryLock(key) {
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Releases one hold of the session-level advisory lock `key`; false when this session did not hold it.
    @discardableResult
    public func releaseAdvisoryLock(_ key: Int64) throws -> Bool {
        try queryOne("SELECT pg_advisory_unlock(?)", [key])?.bool(0) ?? false
    }

    /// Releases every session-level advisory lock this connection holds.
    public func releaseAllAdvisoryLocks() throws {
        try run("SELECT pg_advisory_unlock_all()")
        holdsSessionAdvisoryLocks = false
    }

    /// Takes the transaction-level advisory lock `key` (`pg_advisory_xact_lock`), waiting for
    /// another transaction holding it to end, at most `lock_timeout` (then `55P03`). It is released
    /// when this transaction commits or rolls back, e.g. a per-passenger lock around a booking.
    public func advisoryTransactionLock(_ key: Int64) throws {
        try run("SELECT pg_advisory_xact_lock(?)", [key])
    }

    /// Takes the transaction-level advisory lock `key` if it is free, without waiting
    /// (`pg_try_advisory_xact_lock`); true when taken.
    public func tryAdvisoryTransactionLock(_ key: Int64) throws -> Bool {
        try queryOne("SELECT pg_try_advisory_xact_lock(?)", [key])?.bool(0) ?? false
    }
}
