import Foundation
@testable import Railbook
import Synchronization
import XCTest

/// The timer thread that runs the site's jobs: a failing job is logged and does not stop the
/// others, and `stop` returns only once the job in progress has finished.
final class BackgroundJobsTests: XCTestCase {
    func testAFailingJobIsLoggedAndTheOthersGoOn() throws {
        let runs = Mutex(0)
        let lines = Mutex<[String]>([])
        struct Broken: Error {}
        let jobs = BackgroundJobs(jobs: [
            .init(name: "broken", interval: 1) { throw Broken() },
            .init(name: "counter", interval: 1) { runs.withLock { $0 += 1 } },
        ], log: { line in lines.withLock { $0.append(line) } })
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
        ], log: { _ in })
        jobs.start()
        let deadline = Date(timeIntervalSinceNow: 10)
        while !started.withLock({ $0 }), Date() < deadline { usleep(10_000) }
        XCTAssertTrue(started.withLock { $0 })
        jobs.stop()
        XCTAssertTrue(finished.withLock { $0 }, "stop returned while the job was still running")
    }

    func testRunAllNowRunsEachJobOnceOnTheCallingThread() {
        let names = Mutex<[String]>([])
        let jobs = BackgroundJobs(jobs: ["a", "b"].map { name in .init(name: name, interval: 60) { names.withLock { $0.append(name) } } },
                                  log: { _ in })
        jobs.runAllNow()
        XCTAssertEqual(names.withLock { $0 }, ["a", "b"])
        jobs.stop() // never started: returns at once
    }
}
