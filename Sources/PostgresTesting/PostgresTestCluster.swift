import Foundation
import Locking
import PostgreSQL
import Synchronization

/// A throwaway PostgreSQL cluster for tests, started once per test process with Debian's
/// `initdb` and `pg_ctl` in a folder of its own, and removed when the process exits.
///
/// It listens on a Unix socket in that folder only (`listen_addresses = ''`), trusts local
/// connections as the `postgres` superuser, and runs as the `postgres` system user when the tests
/// run as root. For speed, and because nothing in it needs to survive, durability is off
/// (`fsync`, `synchronous_commit`, `full_page_writes`), `initdb` does not sync, and deadlocks are
/// detected after 100 ms instead of 1 s. A cluster left behind by a killed run is found and
/// removed the next time one starts (see `ClusterFolder`).
public final class PostgresTestCluster: Sendable {
    /// The superuser tests connect as.
    public let user = "postgres"
    /// The server's major version, e.g. 15.
    public let majorVersion: Int
    /// The folder of the server's programs (`pg_dump`, `pg_restore`, `psql` among them).
    public let binaryDirectory: String
    /// The folder holding the data directory, the socket and `server.log`.
    public var directory: String { folder.path }
    private let folder: ClusterFolder
    private let maintenance: Locked<PostgresConnection?>
    private let databaseCount = Atomic<Int>(0)

    /// The cluster of this test process, started on first use. Throws `.notInstalled` when the
    /// PostgreSQL server is not installed (tests skip), `.setUpFailed` when it would not start.
    public static func shared() throws -> PostgresTestCluster {
        try sharedCluster.withLock { cluster in
            if cluster == nil {
                cluster = Result { try PostgresTestCluster() }
                atexit(removeSharedCluster)
            }
            return try cluster!.get()
        }
    }

    fileprivate static let sharedCluster = Locked<Result<PostgresTestCluster, any Error>?>(nil)

    /// A cluster of its own, apart from the shared one (a test that restores a dump into a new
    /// cluster); `stop()` it when done.
    public static func separate() throws -> PostgresTestCluster {
        try PostgresTestCluster()
    }

    /// Starts a new cluster in a new folder under `parent`, after removing abandoned ones there.
    init(parent: String = ClusterFolder.defaultParent) throws {
        guard let installation = PostgresInstallation.newest() else {
            throw PostgresTestClusterError.notInstalled(
                "PostgreSQL is not installed (no \(PostgresInstallation.root)/<version>/bin/initdb); "
                    + "`make test` installs it (apt-get install postgresql)"
            )
        }
        majorVersion = installation.majorVersion
        binaryDirectory = installation.binaryDirectory
        folder = try ClusterFolder.claim(in: parent)
        do {
            try ClusterCommand.run(
                installation.program("initdb"),
                [
                    "--pgdata", folder.dataDirectory, "--username", user, "--auth", "trust",
                    "--encoding", "UTF8", "--locale", "C", "--no-sync",
                ], logFile: folder.commandLogFile)
            try Self.settings(socketDirectory: folder.path)
                .write(toFile: folder.dataDirectory + "/postgresql.auto.conf", atomically: false, encoding: .utf8)
            try ClusterCommand.run(
                installation.program("pg_ctl"),
                [
                    "--pgdata", folder.dataDirectory, "--log", folder.logFile, "--wait", "--timeout", "60", "start",
                ], logFile: folder.commandLogFile)
            maintenance = Locked(try PostgresConnection(uri: Self.uri(socketDirectory: folder.path, user: user, database: "postgres")))
        } catch {
            let log = (try? String(contentsOfFile: folder.logFile, encoding: .utf8)) ?? ""
            folder.remove()
            throw PostgresTestClusterError.setUpFailed("the test cluster did not start: \(error)\n\(log)")
        }
    }

    /// The libpq URI of one of the cluster's databases.
    public func uri(database: String) -> String {
        Self.uri(socketDirectory: folder.path, user: user, database: database)
    }

    /// A new empty schema, `test_N`, in the `postgres` database, and a URI whose connections
    /// use it (`search_path`): about 0.1 ms to make and to drop, so every test can have its own.
    /// Advisory locks and notification channels belong to the database, so they are shared
    /// with the tests before and after; tests run one at a time.
    public func makeSchema() throws -> PostgresTestDatabase {
        let name = nextName()
        try runMaintenance("CREATE SCHEMA \(name)")
        let uri = uri(database: "postgres") + "&options=-c%20search_path%3D\(name)"
        return PostgresTestDatabase(uri: uri, drop: "DROP SCHEMA IF EXISTS \(name) CASCADE", cluster: self)
    }

    /// A new database, `test_N`, copied from `template` (default `template1`, an empty one):
    /// about 0.3 s, so rather once per test class, or from a template that already holds a schema
    /// instead of migrating each copy. Nobody may be connected to `template` meanwhile.
    public func makeDatabase(template: String = "template1") throws -> PostgresTestDatabase {
        let name = nextName()
        // A file copy, not a copy written through the WAL (the default): half the time for a small template.
        try runMaintenance("CREATE DATABASE \(name) TEMPLATE \(template) STRATEGY FILE_COPY")
        return PostgresTestDatabase(uri: uri(database: name), drop: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)", cluster: self)
    }

    private func nextName() -> String {
        "test_\(databaseCount.add(1, ordering: .relaxed).newValue)"
    }

    /// Runs SQL on the `postgres` database, one statement at a time.
    public func runMaintenance(_ sql: String) throws {
        try maintenance.withLock { connection in
            guard let connection else { throw PostgresTestClusterError.setUpFailed("the test cluster is stopped") }
            try connection.execute(sql)
        }
    }

    /// Stops the server and removes its folder; the cluster cannot be used afterwards.
    public func stop() {
        maintenance.withLock { connection in
            connection?.close()
            connection = nil
        }
        folder.remove()
    }

    private static func uri(socketDirectory: String, user: String, database: String) -> String {
        "postgresql:///\(database)?host=\(socketDirectory)&user=\(user)"
    }

    private static func settings(socketDirectory: String) -> String {
        """
        listen_addresses = ''
        unix_socket_directories = '\(socketDirectory)'
        port = 5432
        max_connections = 300
        shared_buffers = 32MB
        fsync = off
        synchronous_commit = off
        full_page_writes = off
        deadlock_timeout = 100ms
        log_min_messages = warning

        """
    }
}

/// Stops the shared cluster when the test process exits normally; a killed one leaves it for
/// the next run to remove.
private func removeSharedCluster() {
    let cluster = PostgresTestCluster.sharedCluster.withLock { try? $0?.get() }
    cluster?.stop()
}
