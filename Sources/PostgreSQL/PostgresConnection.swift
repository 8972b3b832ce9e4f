import CPostgres
import Foundation
import Storage

/// One PostgreSQL connection over libpq, used by one thread at a time (it is not `Sendable`).
///
/// It connects with a libpq URI (`postgresql:///railbook?host=/run/postgresql&user=railbook`, or a
/// TCP host such as `postgresql://railbook@db.internal:5432/railbook`), refuses servers older than
/// PostgreSQL 12, and sets UTF-8, UTC, ISO dates and the timeouts of `PostgresOptions` for the
/// session. Statements run through the extended protocol, prepared once per connection (see
/// `cached(_:for:)`). Share work between threads through a `PostgresPool`.
public final class PostgresConnection {
    /// The lowest server version the driver accepts (`PQserverVersion` form: 12.0).
    public static let minimumServerVersion = 120_000

    /// The options the connection was opened with.
    public let options: PostgresOptions
    var handle: OpaquePointer?
    var cachedStatements: [String: PreparedStatement] = [:]
    var preparedStatementCount = 0
    var savepointDepth = 0
    /// How many `read` bodies are running on this connection: while any is, `write` is refused.
    var readDepth = 0
    var holdsSessionAdvisoryLocks = false
    /// The channels to notify when the open transaction commits (`notifyAfterCommit`).
    var channelsAfterCommit: Set<String> = []
    /// Sends the notifications of committed transactions for the pool the connection belongs to.
    var notifier: PostgresNotifier?
    private let notices = SessionNotices()

    /// Connects and configures the session; throws `08001` when the server cannot be reached or
    /// refuses, and `0A000` for a server older than 12.
    public init(uri: String, options: PostgresOptions = PostgresOptions()) throws {
        self.options = options
        let handle = Self.connect(uri: uri, options: options)
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = PostgresError.trimmed(String(cString: PQerrorMessage(handle)))
            PQfinish(handle)
            throw PostgresError(sqlState: SQLState.unableToConnect, message: message)
        }
        self.handle = handle
        PQsetNoticeReceiver(handle, receiveNotice, Unmanaged.passUnretained(notices).toOpaque())
        let version = Int(PQserverVersion(handle))
        guard version >= Self.minimumServerVersion else {
            close()
            throw PostgresError(
                sqlState: SQLState.featureNotSupported,
                message: "the server runs PostgreSQL \(version / 10000); Railbook needs 12 or newer"
            )
        }
        try execute(options.sessionSettings)
    }

    deinit {
        close()
    }

    /// The server's version as `PQserverVersion` gives it, e.g. 150018 for 15.18.
    public var serverVersion: Int {
        handle.map { Int(PQserverVersion($0)) } ?? 0
    }

    /// The process ID of the server backend serving this connection (`pg_backend_pid()`).
    public var backendProcessID: Int32 {
        handle.map { PQbackendPID($0) } ?? 0
    }

    /// Runs one or more SQL statements separated by semicolons, without values, discarding any
    /// rows (the simple query protocol, e.g. for migrations).
    public func execute(_ sql: String) throws {
        _ = try exchange(sql: sql) { PQsendQuery($0, sql) }
    }

    /// Runs schema statements as `execute` does, waiting up to ten minutes for the answer (at least
    /// `answerTimeoutSeconds`): a migration's statements each run up to the statement timeout.
    func executeMigration(_ sql: String) throws {
        _ = try exchange(sql: sql, answerWithin: max(options.answerTimeoutSeconds, 600)) { PQsendQuery($0, sql) }
    }

    /// True once `close()` has run.
    public var isClosed: Bool { handle == nil }

    /// True when libpq has found the connection broken, or the server said it is ending the
    /// session; a pool replaces it.
    public var isBroken: Bool {
        (handle.map { PQstatus($0) == CONNECTION_BAD } ?? true) || notices.ending != nil
    }

    /// Why the connection broke: what the server said when it ended the session, else libpq's
    /// latest error.
    func brokenConnectionError() -> PostgresError {
        if let ending = notices.ending { return ending }
        guard let handle else { return PostgresError.closed("PostgreSQL connection") }
        return PostgresError(connection: handle, sql: nil)
    }

    /// True when nothing shows the connection broken: no error so far, and whatever the server
    /// wrote while the connection sat idle (it says goodbye before it closes one) leaves it open
    /// once read and parsed. Costs a `poll` or two, no round trip; pools call it before handing a
    /// connection out.
    func isUsableAfterIdling() -> Bool {
        guard let handle else { return false }
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        // A goodbye message and the end of the stream may come apart: read until nothing is left,
        // a few times at most, since notifications may keep arriving.
        for _ in 0..<4 where !isBroken {
            guard poll(&descriptor, 1, 0) > 0 else { return true }
            guard PQconsumeInput(handle) == 1 else { return false }
            // PQconsumeInput only reads; PQisBusy parses, handing a goodbye to `receiveNotice`.
            _ = PQisBusy(handle)
        }
        return !isBroken
    }

    /// Closes the connection; later calls throw `08003`. Safe to call twice.
    public func close() {
        cachedStatements.removeAll()
        guard let handle else { return }
        PQfinish(handle)
        self.handle = nil
    }

    /// The connection handle, or an error once closed.
    func openHandle() throws -> OpaquePointer {
        guard let handle else { throw PostgresError.closed("PostgreSQL connection") }
        return handle
    }

    /// Defaults go before the URI so that its own parameters win; TCP keepalives notice a
    /// vanished server within about a minute, and `tcp_user_timeout` ends a send that goes
    /// unacknowledged for the answer timeout (neither applies to a Unix socket).
    private static func connect(uri: String, options: PostgresOptions) -> OpaquePointer? {
        let parameters = [
            ("connect_timeout", String(options.connectTimeoutSeconds)),
            ("application_name", options.applicationName),
            ("keepalives_idle", "30"),
            ("keepalives_interval", "10"),
            ("keepalives_count", "3"),
            // A send to a server that stopped acknowledging gives up as an answer does.
            ("tcp_user_timeout", String(Int(options.answerTimeoutSeconds * 1000))),
            ("dbname", uri),
        ]
        return withCStrings(parameters.map(\.0)) { keywords in
            withCStrings(parameters.map(\.1)) { values in
                PQconnectdbParams(keywords, values, 1)
            }
        }
    }
}

/// Calls `body` with a NULL-terminated array of C strings.
func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}

@available(*, unavailable)
extension PostgresConnection: Sendable {}
