import Storage

/// The SQLSTATE codes the driver tells apart or reports itself (PostgreSQL's Appendix A).
public enum SQLState {
    /// `23505`: a UNIQUE or PRIMARY KEY constraint failed.
    public static let uniqueViolation = "23505"
    /// `23503`: a FOREIGN KEY constraint failed.
    public static let foreignKeyViolation = "23503"
    /// `40001`: a concurrent transaction made this one impossible to serialize; run it again.
    public static let serializationFailure = "40001"
    /// `40P01`: this transaction was chosen to break a deadlock; run it again.
    public static let deadlockDetected = "40P01"
    /// `55P03`: a lock was not granted within `lock_timeout` (or at once, for `NOWAIT`).
    public static let lockNotAvailable = "55P03"
    /// `57014`: the statement was cancelled, e.g. by `statement_timeout`.
    public static let queryCanceled = "57014"
    /// `25P02`: an earlier statement failed, so the transaction can only roll back.
    public static let inFailedTransaction = "25P02"
    /// `25006`: a write was attempted in a READ ONLY transaction.
    public static let readOnlyTransaction = "25006"
    /// `08001`: the connection could not be established.
    public static let unableToConnect = "08001"
    /// `08003`: the connection (or pool) is closed.
    public static let connectionDoesNotExist = "08003"
    /// `08006`: the connection broke while in use.
    public static let connectionFailure = "08006"
    /// `08007`: the connection was lost during `COMMIT`: the transaction may or may not have been kept.
    public static let transactionResolutionUnknown = "08007"
    /// `08P01`: the statement was given the wrong number of values.
    public static let protocolViolation = "08P01"
    /// `0A000`: something this driver or server does not support, e.g. a server older than 12.
    public static let featureNotSupported = "0A000"
    /// `22021`: a text value holds a character PostgreSQL cannot store (NUL).
    public static let characterNotInRepertoire = "22021"
    /// `26000`: the prepared statement is gone (e.g. after `DEALLOCATE ALL`).
    public static let invalidStatementName = "26000"
    /// `42703`: a row has no such column.
    public static let undefinedColumn = "42703"
    /// `42804`: a column holds another kind of value than the one asked for.
    public static let datatypeMismatch = "42804"
    /// `53300`: no connection could be had: the pool stayed exhausted, or the server is full.
    public static let tooManyConnections = "53300"
}
