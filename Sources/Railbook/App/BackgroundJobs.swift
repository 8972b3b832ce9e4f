import Foundation
import Synchronization

/// Work done on a timer in the background, on one thread: rolling the presale window forward,
/// ending stale sessions and (later) expiring unpaid orders. Each job runs once at start-up.
final class BackgroundJobs: Sendable {
    /// One recurring job.
    struct Job: Sendable {
        let name: String
        /// Seconds between runs.
        let interval: Int
        let work: @Sendable () throws -> Void
    }

    private let jobs: [Job]
    private let isStopping = Mutex(false)
    private let wakeUp = NSCondition()

    init(jobs: [Job]) {
        self.jobs = jobs
    }

    /// Runs every job once now, on the calling thread, so the site starts consistent.
    func runAllNow() {
        for job in jobs { run(job) }
    }

    /// Starts the background thread.
    func start() {
        let thread = Thread { [self] in loop() }
        thread.name = "railbook-jobs"
        thread.start()
    }

    /// Stops the background thread after the job in progress.
    func stop() {
        isStopping.withLock { $0 = true }
        wakeUp.lock()
        wakeUp.broadcast()
        wakeUp.unlock()
    }

    private func loop() {
        var nextRun = jobs.map { ChinaTime.now() + $0.interval }
        while !isStopping.withLock({ $0 }) {
            let now = ChinaTime.now()
            for (index, job) in jobs.enumerated() where now >= nextRun[index] {
                run(job)
                nextRun[index] = now + job.interval
            }
            wakeUp.lock()
            _ = wakeUp.wait(until: Date(timeIntervalSinceNow: 1))
            wakeUp.unlock()
        }
    }

    private func run(_ job: Job) {
        do {
            try job.work()
        } catch {
            print("job \(job.name) failed: \(error)")
        }
    }
}
