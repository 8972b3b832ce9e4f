import Foundation
import HTMLTesting
import Storage
import Synchronization
import XCTest

@testable import Railbook

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
        let jobs = BackgroundJobs(
            jobs: [
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
        let jobs = BackgroundJobs(
            jobs: [
                .init(name: "slow", interval: 1) {
                    started.withLock { $0 = true }
                    usleep(500_000)
                    finished.withLock { $0 = true }
                }
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
        let jobs = BackgroundJobs(
            jobs: ["a", "b"].map { name in .init(name: name, interval: 60) { names.withLock { $0.append(name) } } },
            database: try database(), log: { _ in })
        jobs.runAllNow()
        XCTAssertEqual(names.withLock { $0 }, ["a", "b"])
        jobs.stop() // never started: returns at once
    }

    func testAJobARunningServerHoldsIsLeftToItAndTakenOverAtOnceWhenThatServerIsGone() throws {
        let application = try TestSite.makeApplication()
        let database = application.database
        let other = try OtherServer(on: application)
        let names = Mutex<[String]>([])
        let jobs = BackgroundJobs(
            jobs: ["a", "b"].map { name in .init(name: name, interval: 5) { names.withLock { $0.append(name) } } },
            database: database, log: { _ in })
        let now = ChinaTime.now()
        _ = try database.write { db in
            try db.run("INSERT INTO job_leases (name, holder, claimed_at, expires_at) VALUES ('a', ?, ?, ?)", [other.id, now, now + 60])
        }
        func holders() throws -> [String] {
            try database.read { try $0.query("SELECT name, holder FROM job_leases WHERE name IN ('a', 'b') ORDER BY name") }
                .map { "\(try $0.string("name")) \(try $0.string("holder"))" }
        }
        jobs.runAllNow()
        if other.isRunning {
            XCTAssertEqual(names.withLock { $0 }, ["b"], "a job another running server holds ran here")
            XCTAssertEqual(try holders(), ["a \(other.id)", "b \(ServerInstance.id)"])
            try other.die() // its lease has 60 s to run, but nobody holds it any more
            jobs.runAllNow()
            XCTAssertEqual(names.withLock { $0 }, ["b", "a", "b"], "the job of a server that is gone was not taken over at once")
        } else {
            // SQLite: this process is the only one; a lease any other left behind holds nothing.
            XCTAssertEqual(names.withLock { $0 }, ["a", "b"], "a lease left by a process that is gone kept its job from running")
        }
        XCTAssertEqual(try holders(), ["a \(ServerInstance.id)", "b \(ServerInstance.id)"])
        let expiry = try database.read { try $0.queryOne("SELECT expires_at FROM job_leases WHERE name = 'a'")?.int("expires_at") }
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(expiry) - now, 10, "the lease is shorter than a few turns")

        jobs.stop()
        XCTAssertEqual(try holders(), [], "a stopped server keeps its leases")
    }

    func testALeaseThatRanOutOrWasClaimedInTheFutureHoldsNothingEvenForARunningServer() throws {
        let application = try TestSite.makeApplication()
        let database = application.database
        let other = try OtherServer(on: application)
        let names = Mutex<[String]>([])
        let jobs = BackgroundJobs(
            jobs: ["ahead", "over", "held"].map { name in .init(name: name, interval: 5) { names.withLock { $0.append(name) } } },
            database: database, log: { _ in })
        let now = ChinaTime.now()
        try database.write { db in
            // Claimed by a server whose clock ran an hour ahead; run out; and a lease that holds.
            for (name, claimed, expires) in [("ahead", now + 3600, now + 3615), ("over", now - 20, now - 1), ("held", now, now + 60)] {
                try db.run("INSERT INTO job_leases (name, holder, claimed_at, expires_at) VALUES (?, ?, ?, ?)", [name, other.id, claimed, expires])
            }
        }
        jobs.runAllNow()
        XCTAssertEqual(names.withLock { $0 }, other.isRunning ? ["ahead", "over"] : ["ahead", "over", "held"])
        let ahead = try database.read { try $0.queryOne("SELECT holder, expires_at FROM job_leases WHERE name = 'ahead'") }
        XCTAssertEqual(try ahead?.string("holder"), ServerInstance.id)
        XCTAssertLessThanOrEqual(try XCTUnwrap(ahead?.int("expires_at")), ChinaTime.now() + 15, "the lease is still dated ahead")
        jobs.stop()
    }
}
