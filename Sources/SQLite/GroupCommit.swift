import Glibc
import Locking
import Storage
import Synchronization

/// Write transactions made durable together (group commit). Every write joins a queue; whoever
/// finds no write in progress leads: it runs the queued writes one after another in one
/// transaction, each inside its own savepoint, and commits them with one `COMMIT` — so with
/// `synchronous = FULL` one flush to disk makes the whole group durable. A write whose body throws
/// is rolled back to its savepoint and only its caller sees the error; the others commit. Every
/// caller returns only after the commit that holds its write. A write arriving while a group is
/// being committed waits for the next group; a lone write never waits for company.
///
/// The bodies of a group run on the leader's thread while their callers wait, as with
/// `DispatchQueue.sync`: a body must not wait for something its own caller holds.
final class GroupCommit: @unchecked Sendable {
    /// One write waiting in the queue.
    final class Job {
        /// Runs the caller's body on the writer connection, keeping its result; false when it threw.
        /// Let go of before the job is marked done, so nothing holds the body once its caller returns.
        fileprivate var body: ((SQLiteDatabase) -> Bool)?
        /// Runs alone and outside a transaction (migrations, `VACUUM`).
        let isExclusive: Bool
        fileprivate var isDone = false
        /// Why the group did not commit, when its body had succeeded.
        fileprivate(set) var failure: (any Error)?

        init(isExclusive: Bool, run: @escaping (SQLiteDatabase) -> Bool) {
            self.isExclusive = isExclusive
            body = run
        }

        fileprivate func run(_ database: SQLiteDatabase) -> Bool {
            body?(database) ?? false
        }
    }

    /// The transaction of a group was lost while a write that had not failed ran in it: the write
    /// was not committed. Worth trying again.
    public struct GroupRolledBack: DatabaseError, CustomStringConvertible {
        public var description: String { "the group's transaction was rolled back by another write in it" }
        public var isBusy: Bool { true }
        public var isUniqueViolation: Bool { false }
        public var isOutOfSpace: Bool { false }
    }

    /// The most writes one group commits together.
    let maximumGroupSize: Int
    private let writer: SQLiteDatabase
    private let state = Locked(State())
    /// The thread running a group's bodies (`pthread_t`), 0 when none: read without the lock by
    /// every `read` of the pool, which joins the writer's transaction on that thread.
    private let leaderThread = Atomic<UInt>(0)

    /// The queue and who leads.
    private struct State {
        var queue: [Job] = []
        var hasLeader = false
        var counts = (groups: 0, writes: 0)
    }

    init(writer: SQLiteDatabase, maximumGroupSize: Int = 64) {
        self.writer = writer
        self.maximumGroupSize = maximumGroupSize
    }

    /// True on the thread running a group's bodies (a write from inside one nests as a savepoint).
    var isLeadingOnThisThread: Bool {
        // Only this thread stores its own id, so it reads back what it stored last.
        leaderThread.load(ordering: .relaxed) == pthread_self()
    }

    /// How many groups were committed and how many writes they held, since the pool opened.
    var statistics: (groups: Int, writes: Int) {
        state.withLock { $0.counts }
    }

    /// Queues `job` and returns once it is done: run by this thread as leader, or by another.
    func perform(_ job: Job) {
        state.withLock { $0.queue.append(job) }
        while true {
            // Done by another leader, or this thread leads the next group.
            let group = state.withLock(waitingUntil: { job.isDone || !$0.hasLeader }) { state -> [Job]? in
                guard !job.isDone else { return nil }
                state.hasLeader = true
                leaderThread.store(pthread_self(), ordering: .relaxed)
                return Self.nextGroup(from: &state.queue, maximumSize: maximumGroupSize)
            }
            guard let group else { return }
            let finished = group.first?.isExclusive == true ? runExclusive(group[0]) : commit(group)
            state.withLock { state in
                state.queue.insert(contentsOf: group.filter { job in !finished.contains { $0 === job } }, at: 0)
                state.counts.groups += 1
                state.counts.writes += finished.count
                for done in finished {
                    done.body = nil
                    done.isDone = true
                }
                state.hasLeader = false
                leaderThread.store(0, ordering: .relaxed)
            }
            state.broadcast()
        }
    }

    /// Takes the next group off `queue`: an exclusive write alone, else up to `maximumSize` of the
    /// writes before the next exclusive one.
    private static func nextGroup(from queue: inout [Job], maximumSize: Int) -> [Job] {
        if queue.first?.isExclusive == true { return [queue.removeFirst()] }
        let count = min(maximumSize, queue.firstIndex(where: \.isExclusive) ?? queue.count)
        let group = Array(queue.prefix(count))
        queue.removeFirst(count)
        return group
    }

    private func runExclusive(_ job: Job) -> [Job] {
        _ = job.run(writer)
        return [job]
    }

    /// Runs the group in one transaction, each write in a savepoint, and commits it once; returns
    /// the writes that are done: all, unless one lost the transaction (SQLite may roll the whole
    /// transaction back on an I/O error or a full disk): then only that one is done, and the others
    /// — those before it, rolled back with it, and those after it — run again in the next group.
    private func commit(_ group: [Job]) -> [Job] {
        do {
            try writer.beginImmediate()
        } catch {
            for job in group { job.failure = error }
            return group
        }
        var succeeded: [Job] = []
        for (index, job) in group.enumerated() {
            do {
                try writer.run("SAVEPOINT group_write")
                let ok = job.run(writer)
                guard writer.isInsideTransaction else {
                    // The write ended the transaction: nothing before it holds, and those writes run
                    // again (a write body is safe to run again); this one has its own error.
                    if ok { job.failure = GroupRolledBack() }
                    return [group[index]]
                }
                if ok {
                    try writer.run("RELEASE SAVEPOINT group_write")
                    succeeded.append(job)
                } else {
                    try writer.run("ROLLBACK TO SAVEPOINT group_write")
                    try writer.run("RELEASE SAVEPOINT group_write")
                }
            } catch {
                job.failure = error
            }
        }
        do {
            try writer.run("COMMIT")
        } catch {
            if writer.isInsideTransaction { _ = try? writer.run("ROLLBACK") }
            for job in succeeded { job.failure = error }
        }
        return group
    }

    /// Waits until no write is queued or running (before the pool closes).
    func waitUntilIdle() {
        state.withLock(waitingUntil: { !$0.hasLeader && $0.queue.isEmpty }) { _ in }
    }
}
