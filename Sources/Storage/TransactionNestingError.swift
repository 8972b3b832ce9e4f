/// A transaction was asked for where the nesting rule of `DatabasePool` and `Database` forbids it.
/// It is thrown at once, before the body runs and before any statement is sent, on SQLite and on
/// PostgreSQL alike: it is a mistake in the code, not a state of the database.
public struct TransactionNestingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was asked for inside what.
    public enum Reason: Sendable, Equatable {
        /// A `write` inside a `read` (also a read that joined a write): a read only reads.
        case writeInsideRead
        /// A `writeWithoutTransaction` inside a `read` or a `write`, which needs a connection with
        /// no transaction open.
        case withoutTransactionInsideTransaction
    }

    /// Why the call was refused.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .writeInsideRead:
            "a write was asked for inside a read; make the outer call a write, or write after the read returns"
        case .withoutTransactionInsideTransaction:
            "work without a transaction was asked for inside a read or a write"
        }
    }
}
