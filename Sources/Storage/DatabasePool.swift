/// Connections to one database shared by a multi-threaded server.
///
/// On SQLite one writer connection commits writes in groups and readers read snapshots; on
/// PostgreSQL a pool of connections runs transactions side by side, and `write` runs its body
/// again after a serialisation failure or deadlock, so a body must be safe to run again: collect
/// results and publish events after `write` returns.
///
/// **Nesting.** Calls made from inside a body, on the thread running it, nest the same way on both
/// databases, and never wait for a second connection:
/// - a `read` inside a `read` or a `write` joins the transaction already open: the same
///   connection and snapshot, and inside a write it sees what the write wrote;
/// - a `write` inside a `write` is a savepoint that rolls back alone when its body throws (only
///   the outermost write is committed, and retried on PostgreSQL);
/// - a `write` inside a `read` — also a read that joined a write — throws
///   `TransactionNestingError` (`.writeInsideRead`) at once, before its body runs or any statement
///   is sent: a read only reads. Make the outer call a `write`, or write after the read returns;
/// - `writeWithoutTransaction` inside a `read` or a `write` throws `TransactionNestingError`
///   (`.withoutTransactionInsideTransaction`) at once; inside it, reads and writes open
///   transactions of their own on its connection.
public protocol DatabasePool: AnyObject, Sendable {
    /// Which database the pool talks to.
    var dialect: SQLDialect { get }

    /// Runs `body` in a read-only transaction with one snapshot (nested: see the type's rules).
    func read<T>(_ body: (Database) throws -> T) throws -> T

    /// Runs `body` in a write transaction and returns once it is committed (durably, unless the
    /// pool was opened relaxed). If `body` throws, what it wrote is rolled back and the error
    /// rethrown (nested: see the type's rules).
    func write<T>(_ body: (Database) throws -> T) throws -> T

    /// Gives `body` a connection without opening a transaction, alone among writers, for work that
    /// manages its own transactions, such as migrations.
    func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T

    /// Waits for the work in progress, then closes every connection; later calls throw.
    func close()

    /// What the pool has done so far and holds now (`PoolStatistics`), for the metrics.
    var statistics: PoolStatistics { get }
}
