import Foundation
import Locking
import PostgresTesting
import Railbook
import Storage

/// Which database the Railbook tests run on: a new SQLite file per application by default, or,
/// with `RAILBOOK_TEST_DATABASE=postgresql` (as `make test`'s second pass sets it), a new
/// PostgreSQL database per application in a throwaway cluster (`PostgresTestCluster`), copied
/// from a template migrated once per test process.
public enum TestDatabase {
    /// The database of this test run.
    public static let dialect: SQLDialect = {
        let name = ProcessInfo.processInfo.environment["RAILBOOK_TEST_DATABASE"] ?? "sqlite"
        guard let dialect = SQLDialect(rawValue: name) else {
            fatalError("RAILBOOK_TEST_DATABASE must be sqlite or postgresql, not \(name)")
        }
        return dialect
    }()

    /// A new, empty database for one application or server process: a file path or a URI.
    /// On PostgreSQL it is already migrated (the template is); the application migrates nothing.
    public static func newLocation() throws -> String {
        switch dialect {
        case .sqlite:
            return try TestSite.temporaryDirectory() + "/railbook.sqlite"
        case .postgresql:
            let cluster = try PostgresTestCluster.shared()
            try template.withLock { isReady in
                if !isReady {
                    try makeTemplate(in: cluster)
                    isReady = true
                }
            }
            return try cluster.makeDatabase(template: templateName).uri
        }
    }

    private static let templateName = "railbook_template"
    private static let template = Locked(false)

    /// Creates the template database and migrates it with `railbook migrate`; nobody stays
    /// connected to it, so it can be copied.
    private static func makeTemplate(in cluster: PostgresTestCluster) throws {
        try cluster.runMaintenance("DROP DATABASE IF EXISTS \(templateName)")
        try cluster.runMaintenance("CREATE DATABASE \(templateName) TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'")
        var errors: [String] = []
        let status = RailbookCommand.run(
            arguments: ["migrate", "--database", cluster.uri(database: templateName), "--root", TestSite.projectRoot],
            output: CommandOutput(line: { _ in }, error: { errors.append($0) })
        )
        guard status == 0 else {
            throw TestDatabaseError(message: "railbook migrate failed on the PostgreSQL template: \(errors.joined(separator: "\n"))")
        }
    }
}

/// The test database could not be made.
public struct TestDatabaseError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
