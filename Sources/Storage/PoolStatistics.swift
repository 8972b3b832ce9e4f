/// What a pool of connections has done so far and holds now, for the metrics.
public struct PoolStatistics: Sendable {
    /// Connections open now, and of them those in use (SQLite: readers; the writer is not counted).
    public var connectionsOpen = 0
    public var connectionsInUse = 0
    /// How often a caller had to wait for a connection, and for how long in all.
    public var waits = 0
    public var waitSeconds = 0.0
    /// Write transactions committed together (SQLite's group commit): the groups flushed, and the
    /// writes they held (writes ÷ groups is the average batch).
    public var commitGroups = 0
    public var commitWrites = 0

    public init() {}
}

extension DatabasePool {
    /// What this pool has done so far; a pool that does not count says nothing.
    public var statistics: PoolStatistics { PoolStatistics() }
}
