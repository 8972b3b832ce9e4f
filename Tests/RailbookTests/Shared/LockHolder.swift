import Foundation
import HTMLTesting
import Railbook
import Storage
import XCTest

/// Another client of a test application's PostgreSQL database that takes locks in a transaction
/// it keeps open (`SELECT … FOR UPDATE`, `LOCK TABLE`), so the site's own transactions meet them as
/// they would meet a busy neighbour's, and the test decides when they are let go. This is how a
/// test makes two requests overlap at the moment that matters, every time, instead of hoping.
/// PostgreSQL only: SQLite's writers never overlap.
final class LockHolder: @unchecked Sendable {
    private let pool: DatabasePool
    private let taken = DispatchSemaphore(value: 0)
    private let letGo = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    private var failure: (any Error)?

    /// Opens a second pool on `application`'s database and runs `sql` (with `values`) in a write
    /// transaction held open on a thread of its own; returns once the locks are held.
    init(on application: Application, _ sql: String, _ values: [any SQLBindable] = []) throws {
        try XCTSkipUnless(TestDatabase.dialect == .postgresql, "only PostgreSQL runs transactions side by side")
        pool = try DatabaseLocation(application.configuration.databaseLocation).open(durability: .relaxed, connections: 2)
        nonisolated(unsafe) let values = values
        Thread { [self] in
            do {
                try pool.write { db in
                    try db.execute("SET LOCAL lock_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0")
                    if values.isEmpty { try db.execute(sql) } else { _ = try db.query(sql, values) }
                    taken.signal()
                    letGo.wait()
                }
            } catch {
                failure = error
                taken.signal()
            }
            ended.signal()
        }.start()
        taken.wait()
        if let failure { throw failure }
    }

    /// Waits until at least `count` transactions of the database wait for a lock (these or any
    /// other), or `seconds` passed; returns whether they did. Call it before the site's lock
    /// timeout runs out for the first of them.
    @discardableResult
    func waitForWaiters(_ count: Int, seconds: Double = 4) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let waiting = try pool.read { db in
                try db.queryOne(
                    """
                    SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
                    """)?.int("n") ?? 0
            }
            if waiting >= count { return true }
            usleep(10_000)
        }
        return false
    }

    /// Ends the transaction (it wrote nothing), letting the waiting transactions go on; closes the pool.
    func release() {
        letGo.signal()
        ended.wait()
        pool.close()
    }
}
