import Railbook
import Storage

/// Reads what a server process left in its database (a SQLite file or a PostgreSQL URI), one
/// read transaction per query, for tests that check the stored data after the process is gone.
public final class DatabaseInspector {
    private let pool: DatabasePool

    /// Opens a pool of one connection on the database at `location`.
    public init(_ location: String) throws {
        pool = try DatabaseLocation(location).open(durability: .durable, connections: 1)
    }

    deinit {
        pool.close()
    }

    /// Every row of a query.
    public func query(_ sql: String, _ values: [any SQLBindable] = []) throws -> [Row] {
        try pool.read { try $0.query(sql, values) }
    }

    /// Runs `body` in one read transaction: every query sees the same moment.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try pool.read(body)
    }

    /// Runs `body` in one write transaction, to change what a server process sees.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try pool.write(body)
    }

    /// Gives `body` a connection outside any transaction (a SQLite checkpoint, say).
    public func withoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try pool.writeWithoutTransaction(body)
    }

    /// The first row of a query, or nil.
    public func queryOne(_ sql: String, _ values: [any SQLBindable] = []) throws -> Row? {
        try pool.read { try $0.queryOne(sql, values) }
    }
}
