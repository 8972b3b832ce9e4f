import Storage

extension DatabasePool {
    /// A write that causes domain events, found in its result by `events`: the reactions they call
    /// for (`Reaction`) are written to the outbox by the same transaction, so none is lost when the
    /// process dies right after the commit. Publish the events after it returns.
    func write<T>(recordingEvents events: (T) -> [any DomainEvent], now: Int, _ body: (Database) throws -> T) throws -> T {
        try write { db in
            let result = try body(db)
            try Outbox.record(events(result), now: now, in: db)
            return result
        }
    }
}
