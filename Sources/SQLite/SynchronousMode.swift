import Storage

/// How hard SQLite works to make a commit durable (`PRAGMA synchronous`); benchmarks state it.
public enum SynchronousMode: String, Sendable, CaseIterable {
    /// No fsync: fastest, a power loss may corrupt the database.
    case off = "OFF"
    /// In WAL mode, fsync at checkpoints only: a power loss may lose the latest commits, never corrupts.
    case normal = "NORMAL"
    /// fsync on every commit: a commit survives a power loss.
    case full = "FULL"
    /// Like `full`, also syncing the directory after deleting a journal.
    case extra = "EXTRA"
}
