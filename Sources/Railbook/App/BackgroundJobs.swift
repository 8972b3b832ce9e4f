import Foundation
import Synchronization

/// Work done on a timer in the background, on one thread of its own: expiring unpaid orders,
/// refunding overdue waitlists and shop orders, rolling the presale window forward, ending stale
/// sessions. Each job runs once at start-up (`runAllNow`); `start` then runs each every `interval`
/// seconds until `stop`. A job that fails is logged and tried again at its next turn; the others
/// go on.
final class BackgroundJobs: Sendable {
    /// One recurring job.
    struct Job: Sendable {
        let name: String
        /// Seconds between runs.
        let interval: Int
        let work: @Sendable () throws -> Void
    }

    /// Where the loop is: not started, running, asked to stop, or ended.
    private enum State { case idle, running, stopping, ended }

    private let jobs: [Job]
    private let log: @Sendable (String) -> Void
    private let state = Mutex(State.idle)
    private let wakeUp = NSCondition()

    /// Jobs that report their failures to `log` (one line each).
    init(jobs: [Job], log: @escaping @Sendable (String) -> Void) {
        self.jobs = jobs
        self.log = log
    }

    /// Runs every job once now, on the calling thread, so the site starts consistent.
    func runAllNow() {
        for job in jobs { run(job) }
    }

    /// Starts the background thread (once; later calls do nothing).
    func start() {
        let starts = state.withLock { state in
            guard state == .idle else { return false }
            state = .running
            return true
        }
        guard starts else { return }
        let thread = Thread { [self] in loop() }
        thread.name = "railbook-jobs"
        thread.start()
    }

    /// Stops the background thread and waits until the job in progress, if any, has finished, so
    /// nothing touches the database after this returns.
    func stop() {
        let wasRunning = state.withLock { state in
            guard state == .running else { return false }
            state = .stopping
            return true
        }
        guard wasRunning else { return }
        wakeUp.lock()
        wakeUp.broadcast()
        while state.withLock({ $0 }) != .ended { wakeUp.wait() }
        wakeUp.unlock()
    }

    private func loop() {
        // Turns are counted on the monotonic clock: the jobs read the time they act on from the
        // application's `Clock`, and a change of the system time does not bunch or skip turns.
        func seconds() -> Int { ChinaTime.monotonicMilliseconds() / 1000 }
        var nextRun = jobs.map { seconds() + $0.interval }
        while state.withLock({ $0 }) == .running {
            let now = seconds()
            for (index, job) in jobs.enumerated() where now >= nextRun[index] && state.withLock({ $0 }) == .running {
                run(job)
                nextRun[index] = seconds() + job.interval
            }
            wakeUp.lock()
            if state.withLock({ $0 }) == .running { _ = wakeUp.wait(until: Date(timeIntervalSinceNow: 1)) }
            wakeUp.unlock()
        }
        wakeUp.lock()
        state.withLock { $0 = .ended }
        wakeUp.broadcast()
        wakeUp.unlock()
    }

    private func run(_ job: Job) {
        do {
            try job.work()
        } catch {
            log("error: job \(job.name) failed: \(error)")
        }
    }
}
