import Foundation
import Glibc
import HTMLTesting
import HTTP
import Locking
import Railbook
import XCTest

/// Taking a server out from behind HAProxy (`make cluster`'s configuration, which checks `/ready`):
/// told to stop, a server drains (`--drain-seconds`), HAProxy sees its `/ready` answer 503 and takes
/// it out while it still serves, and then it stops; travellers going on meanwhile lose no answer.
/// PostgreSQL only, where several servers share a database.
final class GracefulStopTests: XCTestCase {
    func testAServerToldToStopIsTakenOutByHAProxyBeforeItStopsAndNoAnswerIsLost() throws {
        try XCTSkipUnless(
            TestDatabase.dialect == .postgresql,
            "several servers share one database on PostgreSQL only; run with RAILBOOK_TEST_DATABASE=postgresql")
        try XCTSkipUnless(HAProxyProcess.binaryPath != nil, "HAProxy is not installed (apt-get install haproxy; `make test` installs it)")
        let location = try TestDatabase.newLocation()
        let servers = try ServerProcess.startTogether(2, on: location, arguments: ["--drain-seconds", "4"])
        let proxy = try HAProxyProcess(backendPorts: servers.map(\.port))
        defer { proxy.stop() }
        let leaving = servers[0]

        // Travellers look at the stations page through HAProxy, one after another, all along.
        let answers = Locked<[Int: Int]>([:])
        let stopping = Locked(false)
        let looking = Thread { [port = proxy.port] in
            let client = TestClient(port: port, timeoutSeconds: 10)
            while !stopping.withLock({ $0 }) {
                let status = (try? client.get("/stations").status.code) ?? 0
                answers.withLock { $0[status, default: 0] += 1 }
            }
        }
        looking.start()
        defer { stopping.withLock { $0 = true } }
        usleep(500_000)

        leaving.send(SIGTERM)
        _ = try leaving.waitForOutput(matching: "draining")
        let deadline = Date(timeIntervalSinceNow: 10)
        var takenOut = false
        while !takenOut, Date() < deadline {
            takenOut = try proxy.servers()[leaving.port]?.status.hasPrefix("DOWN") == true
            if !takenOut { usleep(100_000) }
        }
        XCTAssertTrue(takenOut, "HAProxy did not take the draining server out")
        XCTAssertFalse(leaving.log.contains("railbook: stopping"), "the server stopped before HAProxy took it out")
        XCTAssertEqual(try leaving.waitForExit(), 0, leaving.log)
        usleep(500_000)
        stopping.withLock { $0 = true }
        while looking.isExecuting { usleep(10_000) }

        let seen = answers.withLock { $0 }
        XCTAssertGreaterThan(seen[200] ?? 0, 20, "too few pages were asked for: \(seen)")
        XCTAssertEqual(seen.keys.sorted(), [200], "answers other than 200 while a server was taken out: \(seen)")
        XCTAssertEqual(try proxy.servers()[servers[1].port]?.status.hasPrefix("UP"), true)
    }
}
