import Locking
import Storage

/// When this server last saw each session, kept in memory and written to `sessions.last_seen_at`
/// in batches (`flush`: every second by a job of every server, by the stale-sessions job before it
/// ends any, and when the server stops) rather than by a durable write of its own on the request
/// that saw it. A visit then costs no commit, and the visits of a second share one. This server
/// counts a session's activity from memory at once (`lastSeen`); the database, and so another
/// server, learns it at the next flush. A server that dies loses what it saw since the last flush
/// (about a second; more while the job thread is busy with a slow job or the writes fail): those
/// sessions look that much older than they are, against an idle lifetime of 30 minutes.
final class SessionActivity: Sendable {
    /// Past this many sessions waiting, the request that adds one writes them all itself (unless a
    /// write is under way), so memory stays bounded even when the flushing job is not running.
    static let maximumPending = 10_000
    /// While writes keep failing, no more sessions than this are held: the others' visits are
    /// not noted until the database takes writes again.
    static let mostHeld = 4 * maximumPending

    private struct State {
        /// Token hash → when it was last seen, newer than the database's `last_seen_at`.
        var pending: [String: Int] = [:]
        var isFlushing = false
        /// After a request's write failed, requests do not try again before this (monotonic ms).
        var requestsRetryAt = 0
    }

    private let state = Locked(State())

    /// When this server last saw the session `tokenHash`, if that is not yet written.
    func lastSeen(_ tokenHash: String) -> Int? {
        state.withLock { $0.pending[tokenHash] }
    }

    /// Records that the session `tokenHash` was seen at `now`. When more than `maximumPending`
    /// sessions wait and no write is under way, writes them all to `database` first; a failure is
    /// logged, the request goes on, and requests leave the writing to the job for a second.
    func note(_ tokenHash: String, at now: Int, database: DatabasePool) {
        let writes = state.withLock { state in
            if state.pending[tokenHash] != nil || state.pending.count < SessionActivity.mostHeld {
                state.pending[tokenHash] = max(state.pending[tokenHash] ?? now, now)
            }
            return state.pending.count > SessionActivity.maximumPending && !state.isFlushing
                && ChinaTime.monotonicMilliseconds() >= state.requestsRetryAt
        }
        guard writes else { return }
        do {
            try flush(to: database)
        } catch {
            state.withLock { $0.requestsRetryAt = ChinaTime.monotonicMilliseconds() + 1000 }
            ServerLog.failure("the sessions seen were not written", error)
        }
    }

    /// Writes every waiting session's time in one transaction (nothing when none waits, or when
    /// another flush is under way: it writes them). Rows are written in order of their token hash,
    /// so two servers flushing at once on PostgreSQL lock them in the same order. A time only moves
    /// forward, so an older one from elsewhere never undoes a newer one; a session ended meanwhile
    /// stays ended. What is noted while the write runs waits for the next flush.
    func flush(to database: DatabasePool) throws {
        let batch = state.withLock { state -> [(tokenHash: String, seenAt: Int)] in
            guard !state.isFlushing, !state.pending.isEmpty else { return [] }
            state.isFlushing = true
            return state.pending.map { (tokenHash: $0.key, seenAt: $0.value) }.sorted { $0.tokenHash < $1.tokenHash }
        }
        guard !batch.isEmpty else { return }
        defer { state.withLock { $0.isFlushing = false } }
        try database.write { db in
            for (tokenHash, seenAt) in batch {
                try db.run(
                    "UPDATE sessions SET last_seen_at = ? WHERE token_hash = ? AND last_seen_at < ?",
                    [seenAt, tokenHash, seenAt])
            }
        }
        state.withLock { state in
            for (tokenHash, seenAt) in batch where state.pending[tokenHash] == seenAt { state.pending[tokenHash] = nil }
        }
    }

    /// How many sessions wait to be written.
    var pendingCount: Int { state.withLock { $0.pending.count } }
}
