import Foundation
import PostgreSQL
@testable import PostgresTesting
import XCTest

final class PostgresTestClusterTests: PostgresTestCase {
    private struct ChildProcessFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Where the child process of the abandoned-cluster test starts its cluster.
    private static let childParentVariable = "RAILBOOK_TEST_CLUSTER_PARENT"

    func testTheClusterListensOnItsOwnSocketOnlyWithDurabilityOff() throws {
        let connection = try connect()
        let cluster = try PostgresTestCluster.shared()
        let settings = try connection.queryOne("""
            SELECT current_setting('listen_addresses') AS addresses, current_setting('unix_socket_directories') AS sockets,
                   current_setting('fsync') AS fsync, current_setting('search_path') AS path
            """)
        XCTAssertEqual(try settings?.string("addresses"), "")
        XCTAssertEqual(try settings?.string("sockets"), cluster.directory)
        XCTAssertEqual(try settings?.string("fsync"), "off")
        XCTAssertTrue(try settings?.string("path").hasPrefix("test_") == true, "each test has a schema of its own")
        let owner = try FileManager.default.attributesOfItem(atPath: cluster.directory + "/data")[.ownerAccountName] as? String
        XCTAssertEqual(owner, geteuid() == 0 ? "postgres" : NSUserName(), "the server never runs as root")
    }

    func testEachTestSchemaIsEmptyAndGoesAwayWhenDropped() throws {
        let cluster = try PostgresTestCluster.shared()
        let schema = try cluster.makeSchema()
        let connection = try PostgresConnection(uri: schema.uri)
        try connection.execute("CREATE TABLE seats (number TEXT)")
        XCTAssertThrowsError(try connect().query("SELECT * FROM seats"), "another test's schema does not see it")
        connection.close()
        try schema.drop()
        let name = String(schema.uri.split(separator: "%3D").last ?? "")
        XCTAssertEqual(try connect().queryOne("SELECT COUNT(*) FROM pg_namespace WHERE nspname = ?", [.text(name)])?.int(0), 0)
    }

    func testADatabaseCopiedFromATemplateHoldsItsSchema() throws {
        let cluster = try PostgresTestCluster.shared()
        let template = try cluster.makeDatabase()
        let setUp = try PostgresConnection(uri: template.uri)
        try setUp.execute("CREATE TABLE stations (code TEXT PRIMARY KEY); INSERT INTO stations VALUES ('BJP')")
        setUp.close()
        let templateName = String(template.uri.split(separator: "?").first?.split(separator: "/").last ?? "")
        let copy = try cluster.makeDatabase(template: templateName)
        XCTAssertEqual(try PostgresConnection(uri: copy.uri).queryOne("SELECT code FROM stations")?.string(0), "BJP")
        try copy.drop()
        try template.drop()
    }

    /// The child's part of the next test: start a cluster, say where, and wait to be killed.
    func testHoldsAClusterUntilKilled() throws {
        guard let parent = ProcessInfo.processInfo.environment[Self.childParentVariable] else {
            throw XCTSkip("runs only as the child process of testAClusterLeftByAKilledRunIsRemovedNextTime")
        }
        let cluster = try PostgresTestCluster(parent: parent)
        try cluster.directory.write(toFile: parent + "/ready", atomically: true, encoding: .utf8)
        sleep(600)
    }

    func testAClusterLeftByAKilledRunIsRemovedNextTime() throws {
        let parent = "/tmp/railbook-cluster-test-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["PostgreSQLTests.PostgresTestClusterTests/testHoldsAClusterUntilKilled"]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.childParentVariable: parent]) { $1 }
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }
        let abandoned = try waitForFile(parent + "/ready", whileRunning: child)
        let postmaster = try XCTUnwrap(
            String(contentsOfFile: abandoned + "/data/postmaster.pid", encoding: .utf8).split(separator: "\n").first.flatMap { pid_t($0) }
        )

        ClusterFolder.removeAbandoned(in: parent)
        XCTAssertTrue(FileManager.default.fileExists(atPath: abandoned), "a cluster whose test process lives is left alone")

        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        XCTAssertEqual(kill(postmaster, 0), 0, "the killed run left its server running")

        let next = try PostgresTestCluster(parent: parent)
        defer { next.stop() }
        XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned), "the abandoned cluster's folder is gone")
        XCTAssertTrue(hasEnded(postmaster), "the abandoned cluster's server is stopped")
        try next.runMaintenance("SELECT 1")
    }

    private func waitForFile(_ path: String, whileRunning process: Process) throws -> String {
        for _ in 0..<600 {
            if let contents = try? String(contentsOfFile: path, encoding: .utf8) { return contents }
            guard process.isRunning else { break }
            usleep(100_000)
        }
        throw ChildProcessFailed(description: "the child test process did not start its cluster (still running: \(process.isRunning))")
    }

    /// True when `pid` is gone or a zombie its parent has not reaped.
    private func hasEnded(_ pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return status.split(separator: ")").last?.split(separator: " ").first == "Z"
    }
}
