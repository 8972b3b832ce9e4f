import Storage

/// The errors callers react to differently, told apart by SQLSTATE.
public enum PostgresErrorKind: Sendable, Equatable {
    /// `23505`: e.g. an e-mail address already taken; callers map it to a message on the form.
    case uniqueViolation
    /// `23503`: a referenced row is missing, or a row still referenced was deleted.
    case foreignKeyViolation
    /// `40001`: retried by `PostgresPool.write`.
    case serializationFailure
    /// `40P01`: retried by `PostgresPool.write`.
    case deadlock
    /// `55P03`: a lock was not granted within `lock_timeout`.
    case lockNotAvailable
    /// `57014`: cancelled, e.g. by `statement_timeout`.
    case queryCanceled
    /// Class `08`: the connection could not be made or broke.
    case connectionFailure
    /// `53300` from a pool: no connection became free within the checkout timeout.
    case poolExhausted
    /// Anything else; read `sqlState`.
    case other

    /// The kind a server SQLSTATE stands for.
    init(sqlState: String) {
        switch sqlState {
        case SQLState.uniqueViolation: self = .uniqueViolation
        case SQLState.foreignKeyViolation: self = .foreignKeyViolation
        case SQLState.serializationFailure: self = .serializationFailure
        case SQLState.deadlockDetected: self = .deadlock
        case SQLState.lockNotAvailable: self = .lockNotAvailable
        case SQLState.queryCanceled: self = .queryCanceled
        case _ where sqlState.hasPrefix("08"): self = .connectionFailure
        default: self = .other
        }
    }
}
