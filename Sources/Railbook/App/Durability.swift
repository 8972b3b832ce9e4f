import PostgreSQL
import SQLite

/// How hard a commit works to survive a power cut. Durable by default: every commit that
/// acknowledges something — a booking, a payment, a refund — is flushed to disk before the answer
/// (SQLite `synchronous = FULL` in WAL mode; group commit makes one flush serve every write that
/// arrived meanwhile). Relaxed (`synchronous = NORMAL`) flushes only at checkpoints: a process crash
/// still loses nothing, but a power cut or kernel panic can lose the latest commits that were
/// already confirmed to travellers and to the payment provider. On PostgreSQL durable is
/// `synchronous_commit = on` and relaxed `off` (a database server crash can lose the last
/// confirmed commits, never corrupt them).
public enum Durability: String, Sendable, CaseIterable {
    case durable
    case relaxed

    /// The SQLite connection options it stands for.
    var sqliteOptions: SQLiteOptions {
        SQLiteOptions(synchronous: self == .durable ? .full : .normal)
    }

    /// The PostgreSQL session settings it stands for.
    var postgresOptions: PostgresOptions {
        PostgresOptions(synchronousCommit: self == .durable)
    }
}
