/// One connection to a database, SQLite or PostgreSQL, used by one thread at a time.
///
/// Models talk to a `Database` only: SQL written once with `?` placeholders, values bound as the
/// Swift values they are, rows read by column name. What differs between the two databases is
/// behind this protocol: how placeholders are sent, how a schema's types are spelled, and the row
/// and advisory locks of the concurrency contract (no-ops on SQLite, whose writers are serialised).
///
/// `read` and `write` nest on one connection as they do on a `DatabasePool`: a read inside a read
/// or a write joins the transaction open, a write inside a write is a savepoint, and a write
/// inside a read throws `TransactionNestingError` before its body runs.
public protocol Database: AnyObject {
    /// Which database this connection talks to, for the rare statement that must differ.
    var dialect: SQLDialect { get }

    /// Runs one or more statements separated by semicolons, with no values and no rows.
    func execute(_ sql: String) throws

    /// Runs schema statements (`CREATE TABLE`, `ALTER TABLE`, `CREATE INDEX`) written in SQLite's
    /// spelling of types; PostgreSQL's connection maps them (`INTEGER PRIMARY KEY` to an identity,
    /// `INTEGER` to `BIGINT`, `BLOB` to `BYTEA`, `REAL` to `DOUBLE PRECISION`).
    func executeSchema(_ sql: String) throws

    /// Runs one INSERT, UPDATE or DELETE with values bound by position and returns how many rows
    /// it changed (0 for a statement that changes none, such as a guarded UPDATE that lost its race).
    @discardableResult
    func run(_ sql: String, _ values: [any SQLBindable]) throws -> Int

    /// Returns every row of one query with values bound by position.
    func query(_ sql: String, _ values: [any SQLBindable]) throws -> [Row]

    /// Returns the first row of one query, or nil when there is none.
    func queryOne(_ sql: String, _ values: [any SQLBindable]) throws -> Row?

    /// Runs `body` in a write transaction; nested in another write, it is a savepoint that rolls
    /// back alone. Inside a `read` it throws `TransactionNestingError` at once, running nothing.
    func write<T>(_ body: (Database) throws -> T) throws -> T

    /// Runs `body` in a read transaction with one snapshot; inside another transaction (a read or
    /// a write) it joins it, and sees what that write wrote. Nothing inside `body` may `write`.
    func read<T>(_ body: (Database) throws -> T) throws -> T

    /// Returns the rows of a query and locks them until the transaction ends (`FOR UPDATE`), so no
    /// other writer changes them meanwhile; on SQLite, whose writers are serialised, a plain query.
    /// Lock rows in one fixed order (e.g. by id) wherever several are locked.
    func queryLocking(_ sql: String, _ values: [any SQLBindable]) throws -> [Row]

    /// Holds a lock on `key` until the transaction ends, waiting for another transaction holding
    /// it (PostgreSQL's transaction-scoped advisory lock); on SQLite a no-op.
    func lockUntilCommit(_ key: LockKey) throws

    /// Tells every connection listening on `channel` (PostgreSQL's `LISTEN`) once the outermost
    /// transaction has committed — nothing when it rolls back —, from outside the transaction and
    /// shortly after, several asked for at once told as one: a commit never waits on the database's
    /// notification queue, which lets one notifying transaction commit at a time. On SQLite, whose
    /// one process tells itself directly, nothing is sent.
    func notifyAfterCommit(_ channel: String)
}

extension Database {
    /// Runs one statement with no values; returns how many rows it changed.
    @discardableResult
    public func run(_ sql: String) throws -> Int {
        try run(sql, [])
    }

    /// Returns every row of a query with no values.
    public func query(_ sql: String) throws -> [Row] {
        try query(sql, [])
    }

    /// Returns the first row of a query with no values.
    public func queryOne(_ sql: String) throws -> Row? {
        try queryOne(sql, [])
    }

    /// Returns every row of one query, each built into a record with `init(row:)`.
    public func query<Record: RowDecodable>(_ type: Record.Type, _ sql: String, _ values: [any SQLBindable] = []) throws -> [Record] {
        try query(sql, values).map(Record.init(row:))
    }

    /// Returns the first row of one query built into a record, or nil when there is none.
    public func queryOne<Record: RowDecodable>(_ type: Record.Type, _ sql: String, _ values: [any SQLBindable] = []) throws -> Record? {
        try queryOne(sql, values).map(Record.init(row:))
    }

    /// Runs an `INSERT … RETURNING id` and returns the new row's id.
    public func insert(_ sql: String, _ values: [any SQLBindable] = []) throws -> Int64 {
        guard let row = try queryOne(sql, values) else {
            throw RowDecodingError(message: "the INSERT returned no row; it needs RETURNING id")
        }
        return try row.int64(0)
    }
}
