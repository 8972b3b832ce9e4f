import Foundation
import XCTest

@testable import PostgresTesting

/// A cluster whose test process was killed is removed by the next one. A plain test case, not a
/// `PostgresTestCase`: its child process must start no cluster but the one it is killed with.
final class AbandonedClusterTests: XCTestCase {
    private struct ChildProcessFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Where the child process of the abandoned-cluster test starts its cluster.
    private static let childParentVariable = "RAILBOOK_TEST_CLUSTER_PARENT"

    /// The child's part of the next test: start a cluster, say where, and wait to be killed
    /// (should the test that started it end first, stop the cluster and return).
    func testHoldsAClusterUntilKilled() throws {
        guard let parent = ProcessInfo.processInfo.environment[Self.childParentVariable] else {
            throw XCTSkip("runs only as the child process of testAClusterLeftByAKilledRunIsRemovedNextTime")
        }
        let starter = getppid()
        let cluster = try PostgresTestCluster(parent: parent)
        defer { cluster.stop() }
        try cluster.directory.write(toFile: parent + "/ready", atomically: true, encoding: .utf8)
        for _ in 0..<600 where getppid() == starter {
            usleep(100_000)
        }
    }

    func testAClusterLeftByAKilledRunIsRemovedNextTime() throws {
        guard PostgresInstallation.newest() != nil else {
            throw XCTSkip("PostgreSQL is not installed; `make test` installs it (apt-get install postgresql)")
        }
        let parent = "/tmp/railbook-cluster-test-\(getpid())"
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["PostgreSQLTests.AbandonedClusterTests/testHoldsAClusterUntilKilled"]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.childParentVariable: parent]) { $1 }
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        defer {
            // Whatever happened, leave no server behind.
            if child.isRunning { kill(child.processIdentifier, SIGKILL) }
            child.waitUntilExit()
            ClusterFolder.removeAbandoned(in: parent)
            try? FileManager.default.removeItem(atPath: parent)
        }
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
