import Storage

/// How a connection is configured when it opens.
public struct SQLiteOptions: Sendable, Equatable {
    /// How long to wait for another connection's lock before failing with `SQLITE_BUSY`.
    public var busyTimeoutMilliseconds: Int
    /// The durability of commits; `.normal` by default, which is safe with WAL.
    public var synchronous: SynchronousMode
    /// How many prepared statements `SQLiteDatabase.cached` keeps before it starts over.
    public var statementCacheCapacity: Int

    /// Creates options; the defaults are a 5 s busy timeout and `synchronous = NORMAL`.
    public init(
        busyTimeoutMilliseconds: Int = 5000,
        synchronous: SynchronousMode = .normal,
        statementCacheCapacity: Int = 256
    ) {
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.synchronous = synchronous
        self.statementCacheCapacity = statementCacheCapacity
    }
}
