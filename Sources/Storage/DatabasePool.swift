/// Connections to one database shared by a multi-threaded server.
///
/// On SQLite one writer connection commits writes in groups and readers read snapshots; on
/// PostgreSQL a pool of connections runs transactions side by side, and `write` runs its body
/// again after a serialisation failure or deadlock, so a body must be safe to run again: collect
/// results and publish events after `write` returns.
public protocol DatabasePool: AnyObject, Sendable {
    /// Which database the pool talks to.
    var dialect: SQLDialect { get }

    /// Runs `body` in a read-only transaction with one snapshot.
    func read<T>(_ body: (Database) throws -> T) throws -> T

    /// Runs `body` in a write transaction and returns once it is committed (durably, unless the
    /// pool was opened relaxed). If `body` throws, what it wrote is rolled back and the error rethrown.
    func write<T>(_ body: (Database) throws -> T) throws -> T

    /// Gives `body` a connection without opening a transaction, alone among writers, for work that
    /// manages its own transactions, such as migrations.
    func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T

    /// Waits for the work in progress, then closes every connection; later calls throw.
    func close()
}
