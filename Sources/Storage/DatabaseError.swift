/// What the application needs to know of a database's error, whichever database raised it.
public protocol DatabaseError: Error {
    /// Another transaction held what this one needed for too long (SQLite's busy timeout,
    /// PostgreSQL's `lock_timeout`), or no connection was free: worth trying again shortly.
    /// The request is answered "busy, try again" (503 with `Retry-After`), never a 500.
    var isBusy: Bool { get }

    /// A unique index refused the row: the value is taken (an account name, a certificate).
    var isUniqueViolation: Bool { get }

    /// The database could not write for lack of disk space (SQLite's `SQLITE_FULL`, PostgreSQL's
    /// `53100`): nothing of the transaction was kept, and writes fail until space comes back,
    /// while reads go on. The request is answered "paused, try again later" (503), never a 500.
    var isOutOfSpace: Bool { get }

    /// The connection was lost while the database committed, so whether the transaction was kept
    /// is not known (PostgreSQL's `08007`). Busy as well: the request is answered 503, saying that
    /// the same form may be sent again (a form with its key is then done at most once).
    var isOutcomeUnknown: Bool { get }
}

extension DatabaseError {
    /// Only a database reached over a connection can lose one mid-commit.
    public var isOutcomeUnknown: Bool { false }
}
