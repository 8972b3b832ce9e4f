import Storage
import Synchronization

/// When this server last saw each session, kept in memory and written to `sessions.last_seen_at`
/// in batches (`flush`, every second by a job of every server, and when the server stops) rather
/// than by a durable write of its own on the request that saw it. A visit then costs no commit,
/// and the touches of a second share one. This server counts a session's activity from memory
/// at once (`lastSeen`); the database, and so another server, learns it at the next flush. A
/// server that dies loses at most its last second of touches: those sessions look up to a second
/// and a `Session.touchInterval` older than they are, against an idle lifetime of 30 minutes.
final class SessionActivity: Sendable {
    /// Past this many sessions waiting, the request that adds one writes them all itself, so
    /// memory stays bounded even when the flushing job is not running.
    static let maximumPending = 10_000

    /// Token hash → when it was last seen, newer than the database's `last_seen_at`.
    private let pending = Mutex<[String: Int]>([:])

    /// When this server last saw the session `tokenHash`, if that is not yet written.
    func lastSeen(_ tokenHash: String) -> Int? {
        pending.withLock { $0[tokenHash] }
    }

    /// Records that the session `tokenHash` was seen at `now`; writes every waiting session to
    /// `database` at once when more than `maximumPending` are waiting.
    func note(_ tokenHash: String, at now: Int, database: DatabasePool) throws {
        let count = pending.withLock { pending in
            pending[tokenHash] = max(pending[tokenHash] ?? now, now)
            return pending.count
        }
        if count > SessionActivity.maximumPending { try flush(to: database) }
    }

    /// Writes every waiting session's time in one transaction (nothing when none waits). A time
    /// only moves forward, so an older one from elsewhere never undoes a newer one; a session
    /// ended meanwhile stays ended. What was noted while the write ran waits for the next flush.
    func flush(to database: DatabasePool) throws {
        let batch = pending.withLock { $0 }
        guard !batch.isEmpty else { return }
        try database.write { db in
            for (tokenHash, seenAt) in batch {
                try db.run("UPDATE sessions SET last_seen_at = ? WHERE token_hash = ? AND last_seen_at < ?",
                           [seenAt, tokenHash, seenAt])
            }
        }
        pending.withLock { pending in
            for (tokenHash, seenAt) in batch where pending[tokenHash] == seenAt { pending[tokenHash] = nil }
        }
    }

    /// How many sessions wait to be written.
    var pendingCount: Int { pending.withLock { $0.count } }
}
