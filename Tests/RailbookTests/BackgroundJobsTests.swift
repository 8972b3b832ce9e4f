import Foundation
import HTMLTesting
@testable import Railbook
import Storage
import Synchronization
import XCTest

/// The timer thread that runs the site's jobs: a failing job is logged and does not stop the
/// others, `stop` returns only once the job in progress has finished, and a job runs only while
/// this server holds its lease.
final class BackgroundJobsTests: XCTestCase {
    /// A migrated database for the jobs' leases.
    private func database() throws -> DatabasePool {
        try TestSite.makeApplication().database
    }

    func testAFailingJobIsLoggedAndTheOthersGoOn() throws {
        let runs = Mutex(0)
        let lines = Mutex<[String]>([])
        struct Broken: Error {}
        let jobs = BackgroundJobs(jobs: [
            .init(name: "broken", interval: 1) { throw Broken() },
            .init(name: "counter", interval: 1) { runs.withLock { $0 += 1 } },
        ], database: try database(), log: { line in lines.withLock { $0.append(line) } })
        jobs.start()
        defer { jobs.stop() }
        let deadline = Date(timeIntervalSinceNow: 10)
        while runs.withLock({ $0 }) < 2, Date() < deadline { usleep(50_000) }
        XCTAssertGreaterThanOrEqual(runs.withLock { $0 }, 2, "the working job stopped running after the other failed")
        XCTAssertTrue(lines.withLock { $0 }.contains { $0.hasPrefix("error: job broken failed") }, "\(lines.withLock { $0 })")
    }

    func testStopWaitsForTheJobInProgress() throws {
        let started = Mutex(false)
        let finished = Mutex(false)
        let jobs = BackgroundJobs(jobs: [
            .init(name: "slow", interval: 1) {
                started.withLock { $0 = true }
                usleep(500_000)
                finished.withLock { $0 = true }
            },
        ], database: try database(), log: { _ in })
        jobs.start()
        let deadline = Date(timeIntervalSinceNow: 10)
        while !started.withLock({ $0 }), Date() < deadline { usleep(10_000) }
        XCTAssertTrue(started.withLock { $0 })
        jobs.stop()
        XCTAssertTrue(finished.withLock { $0 }, "stop returned while the job was still running")
    }

    func testRunAllNowRunsEachJobOnceOnTheCallingThread() throws {
        let names = Mutex<[String]>([])
        let jobs = BackgroundJobs(jobs: ["a", "b"].map { name in .init(name: name, interval: 60) { names.withLock { $0.append(name) } } },
                                  database: try database(), log: { _ in })
        jobs.runAllNow()
        XCTAssertEqual(names.withLock { $0 }, ["a", "b"])
        jobs.stop() // never started: returns at once
    }

    func testAJobRunsOnlyWhileThisServerHoldsItsLeaseAndAStopGivesTheLeasesUp() throws {
        let database = try database()
        let names = Mutex<[String]>([])
        let jobs = BackgroundJobs(jobs: ["a", "b"].map { name in .init(name: name, interval: 5) { names.withLock { $0.append(name) } } },
                                  database: database, log: { _ in })
        let now = ChinaTime.now()
        try database.write { try $0.run("INSERT INTO job_leases (name, holder, expires_at) VALUES ('a', '1-other', ?)", [now + 60]) }
        jobs.runAllNow()
        XCTAssertEqual(names.withLock { $0 }, ["b"], "a job another server holds ran here")
        func holders() throws -> [String] {
            try database.read { try $0.query("SELECT name, holder FROM job_leases WHERE name IN ('a', 'b') ORDER BY name") }
                .map { "\(try $0.string("name")) \(try $0.string("holder"))" }
        }
        XCTAssertEqual(try holders(), ["a 1-other", "b \(ServerInstance.id)"])

        try database.write { try $0.run("UPDATE job_leases SET expires_at = ? WHERE name = 'a'", [now - 1]) } // its holder died
        jobs.runAllNow()
        XCTAssertEqual(names.withLock { $0 }, ["b", "a", "b"], "the job was not taken over")
        XCTAssertEqual(try holders(), ["a \(ServerInstance.id)", "b \(ServerInstance.id)"])
        let expiry = try database.read { try $0.queryOne("SELECT expires_at FROM job_leases WHERE name = 'a'")?.int("expires_at") }
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(expiry) - now, 10, "the lease is shorter than a few turns")

        jobs.stop()
        XCTAssertEqual(try holders(), [], "a stopped server keeps its leases")
    }
}
