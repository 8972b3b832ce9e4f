import Foundation
import Glibc
import Locking
import Storage

/// Work done on a timer in the background, on one thread of its own: expiring unpaid orders,
/// refunding overdue waitlists and shop orders, rolling the presale window forward, ending stale
/// sessions. Each job runs once at start-up (`runAllNow`); `start` then runs each every `interval`
/// seconds until `stop`. A job that fails is logged and tried again at its next turn; the others
/// go on. Of several servers on one database, one at a time runs each job: a turn runs only while
/// this process holds the job's lease (`JobLease`, a few intervals long, renewed at every turn),
/// so when the server running a job dies, another takes it over at its next turn (see `JobLease`).
final class BackgroundJobs: Sendable {
    /// One recurring job.
    struct Job: Sendable {
        let name: String
        /// Seconds between runs.
        let interval: Int
        /// Whether the job runs on every server at once (work that shares itself out, such as the
        /// reactions each server claims) rather than under a lease on one of them.
        var runsOnEveryServer = false
        let work: @Sendable () throws -> Void

        /// How long a turn keeps the lease: a few intervals, so one late turn does not lose it.
        var leaseSeconds: Int { max(3 * interval, 10) }
    }

    /// Where the loop is: not started, running, asked to stop, or ended.
    private enum State { case idle, running, stopping, ended }

    private let jobs: [Job]
    private let database: DatabasePool
    private let lease = JobLease(holder: ServerInstance.id)
    private let log: @Sendable (String) -> Void
    private let state = Locked(State.idle)
    /// When each job last finished its work on this server (seconds since the epoch), and how
    /// often it failed here, by name.
    private let outcomes = Locked<[String: Outcome]>([:])

    /// What a job did on this server, for the metrics.
    struct Outcome: Sendable {
        var lastSuccess: Double?
        var failures = 0
    }

    /// Jobs whose leases are kept in `database`, reporting their failures to `log` (one line each).
    init(jobs: [Job], database: DatabasePool, log: @escaping @Sendable (String) -> Void) {
        self.jobs = jobs
        self.database = database
        self.log = log
    }

    /// Runs every job once now, on the calling thread, so the site starts consistent.
    func runAllNow() {
        for job in jobs { run(job) }
    }

    /// Runs the job called `name` once now, on the calling thread (tests).
    func runNow(named name: String) {
        for job in jobs where job.name == name { run(job) }
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

    /// Stops the background thread and waits until the job in progress, if any, has finished, then
    /// gives up this process's leases (another server takes the jobs at once), so nothing touches
    /// the database after this returns.
    func stop() {
        let wasRunning = state.withLock { state in
            guard state == .running else { return false }
            state = .stopping
            return true
        }
        if wasRunning {
            state.broadcast()
            state.withLock(waitingUntil: { $0 == .ended }) { _ in }
        }
        do {
            try database.write { try lease.releaseAll(in: $0) }
        } catch {
            log("error: the job leases were not given up: \(error)")
        }
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
            state.withLock(waitingUntil: { $0 != .running }, timeout: 1) { _ in }
        }
        state.withLock { $0 = .ended }
        state.broadcast()
    }

    private func run(_ job: Job) {
        do {
            if !job.runsOnEveryServer {
                guard try database.write({ try lease.claim(job.name, seconds: job.leaseSeconds, in: $0) }) else { return }
            }
            try job.work()
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            outcomes.withLock { $0[job.name, default: Outcome()].lastSuccess = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 }
        } catch  where OutOfSpaceLog.isOutOfSpace(error) {
            outcomes.withLock { $0[job.name, default: Outcome()].failures += 1 }
            OutOfSpaceLog.shared.note(error, while: "job \(job.name)", write: log)
        } catch {
            outcomes.withLock { $0[job.name, default: Outcome()].failures += 1 }
            log("error: job \(job.name) failed: \(error)")
        }
    }

    /// Every job's name with what it did on this server so far.
    var statistics: [(name: String, outcome: Outcome)] {
        let outcomes = self.outcomes.withLock { $0 }
        return jobs.map { ($0.name, outcomes[$0.name] ?? Outcome()) }
    }
}
