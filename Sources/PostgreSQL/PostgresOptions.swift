import Storage

/// How a connection is opened and configured.
public struct PostgresOptions: Sendable, Equatable {
    /// How long a statement waits for a row or table lock before failing with `55P03`.
    public var lockTimeoutMilliseconds: Int
    /// How long one statement may run before the server cancels it with `57014`.
    public var statementTimeoutMilliseconds: Int
    /// How long a transaction may sit idle before the server ends the session.
    public var idleInTransactionTimeoutMilliseconds: Int
    /// How long to wait for the server when connecting (libpq's `connect_timeout`).
    public var connectTimeoutSeconds: Int
    /// How long the client waits for the answer to one statement, `COMMIT` included, before it
    /// drops the connection (`PostgresConnection.exchange`): longer than the statement timeout, so
    /// a slow statement is cancelled by the server first, and bounded where the server can no
    /// longer cancel anything (its machine gone, a commit waiting for a standby that left).
    public var answerTimeoutSeconds: Double
    /// How many prepared statements a connection keeps before it starts over.
    public var statementCacheCapacity: Int
    /// The `application_name` the server shows in `pg_stat_activity` (a URI's own wins).
    public var applicationName: String
    /// An `application_name` set for the session once connected, whatever the URI says: for a
    /// session that other servers look for by its name.
    public var sessionApplicationName: String?
    /// Whether a commit waits for its WAL to be flushed (`synchronous_commit`): on, a confirmed
    /// commit survives a power cut; off, the last few hundred milliseconds of commits may be lost
    /// (never corrupted) when the database server crashes.
    public var synchronousCommit: Bool

    /// Creates options; the defaults are a 5 s lock timeout (as SQLite's busy timeout), a 30 s
    /// statement timeout, 60 s idle in a transaction, 10 s to connect, 35 s for an answer and 256
    /// cached statements.
    public init(
        lockTimeoutMilliseconds: Int = 5000,
        statementTimeoutMilliseconds: Int = 30_000,
        idleInTransactionTimeoutMilliseconds: Int = 60_000,
        connectTimeoutSeconds: Int = 10,
        answerTimeoutSeconds: Double = 35,
        statementCacheCapacity: Int = 256,
        applicationName: String = "railbook",
        sessionApplicationName: String? = nil,
        synchronousCommit: Bool = true
    ) {
        self.lockTimeoutMilliseconds = lockTimeoutMilliseconds
        self.statementTimeoutMilliseconds = statementTimeoutMilliseconds
        self.idleInTransactionTimeoutMilliseconds = idleInTransactionTimeoutMilliseconds
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.answerTimeoutSeconds = answerTimeoutSeconds
        self.statementCacheCapacity = statementCacheCapacity
        self.applicationName = applicationName
        self.sessionApplicationName = sessionApplicationName
        self.synchronousCommit = synchronousCommit
    }

    /// The `SET` commands run once on every new connection, in one round trip.
    var sessionSettings: String {
        """
        SET client_encoding = 'UTF8'; SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD';
        SET standard_conforming_strings = on; SET bytea_output = 'hex'; SET client_min_messages = warning;
        SET lock_timeout = \(lockTimeoutMilliseconds); SET statement_timeout = \(statementTimeoutMilliseconds);
        SET idle_in_transaction_session_timeout = \(idleInTransactionTimeoutMilliseconds);
        SET synchronous_commit = \(synchronousCommit ? "on" : "off")
        """ + (sessionApplicationName.map { "; SET application_name = '" + $0.replacingOccurrences(of: "'", with: "''") + "'" } ?? "")
    }
}
