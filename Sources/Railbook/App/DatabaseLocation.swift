import PostgreSQL
import SQLite
import Storage

/// Where Railbook's data lives, from `--database`: a SQLite file path (the default), or a
/// PostgreSQL connection URI (`postgresql:///railbook?host=/run/postgresql&user=railbook`, or
/// `postgresql://railbook@db.example:5432/railbook`). The only place that knows both databases;
/// everything else talks to the `DatabasePool` it opens.
public enum DatabaseLocation: Sendable, Equatable {
    /// A SQLite database file, created when missing.
    case sqliteFile(String)
    /// A PostgreSQL database, which must exist (created with the C collation, see docs/architecture.md, "Data").
    case postgreSQL(uri: String)

    /// Reads a `--database` value: a `postgresql://` or `postgres://` URI, else a file path.
    public init(_ text: String) {
        let lowercased = text.lowercased()
        if lowercased.hasPrefix("postgresql://") || lowercased.hasPrefix("postgres://") {
            self = .postgreSQL(uri: text)
        } else {
            self = .sqliteFile(text)
        }
    }

    /// How messages name it: the file path, or the URI without a password.
    public var displayName: String {
        switch self {
        case .sqliteFile(let path): path
        case .postgreSQL(let uri): Self.withoutPassword(uri)
        }
    }

    /// Opens the pool: `connections` PostgreSQL connections at most (each closed after `idleSeconds`
    /// unused, and dropped when a statement has no answer within `answerSeconds`), or as many
    /// SQLite readers.
    public func open(durability: Durability, connections: Int, idleSeconds: Double = 60, answerSeconds: Int = 35) throws -> DatabasePool {
        switch self {
        case .sqliteFile(let path):
            return try SQLitePool(path: path, options: durability.sqliteOptions, maximumReaderCount: max(1, connections))
        case .postgreSQL(let uri):
            var options = durability.postgresOptions
            options.answerTimeoutSeconds = Double(answerSeconds)
            return try PostgresPool(uri: uri, size: max(1, connections), options: options, idleTimeout: idleSeconds)
        }
    }

    /// Calls `onSignal` (on a thread of its own) whenever a transaction that notified `channel`
    /// commits, and when the listening connection came back after a loss (something may have been
    /// missed); nil on SQLite, whose one process needs no telling. `stop()` on the result ends it.
    func listen(to channel: String, onSignal: @escaping @Sendable () -> Void) throws -> (any HeldSession)? {
        guard case .postgreSQL(let uri) = self else { return nil }
        return try PostgresListener(uri: uri, channels: [channel]) { event in
            switch event {
            case .notification, .reconnected: onSignal()
            case .connectionLost: break // the follower polls meanwhile
            }
        }
    }

    /// On PostgreSQL, keeps a session of its own open under `name` (`application_name`), opening it
    /// again whenever it drops, until `stop()`; nil on SQLite. Other servers take a holder of work
    /// whose session is gone for dead (`WorkHolders`).
    func keepSession(named name: String) throws -> (any HeldSession)? {
        guard case .postgreSQL(let uri) = self else { return nil }
        return try PostgresListener(uri: uri, channels: [], options: PostgresOptions(sessionApplicationName: name)) { _ in }
    }

    /// `postgresql://user:secret@host/db` becomes `postgresql://user@host/db`; a `password=`
    /// parameter becomes `password=…`.
    static func withoutPassword(_ uri: String) -> String {
        var text = uri
        if let scheme = text.range(of: "://"),
            let at = text[scheme.upperBound...].firstIndex(of: "@"),
            let colon = text[scheme.upperBound..<at].firstIndex(of: ":")
        {
            text.removeSubrange(colon..<at)
        }
        if let password = text.range(of: "password=") {
            let end = text[password.upperBound...].firstIndex(of: "&") ?? text.endIndex
            text.replaceSubrange(password.upperBound..<end, with: "…")
        }
        return text
    }
}

/// A session of its own that the database keeps open on a thread of its own (one listening for
/// notifications, or one showing this server running) until `stop()`.
protocol HeldSession: AnyObject, Sendable {
    func stop()
}

extension PostgresListener: HeldSession {}
