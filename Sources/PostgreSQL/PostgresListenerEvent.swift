import Storage

/// What a `PostgresListener` tells its callback, on the listener's own thread.
public enum PostgresListenerEvent: Sendable, Equatable {
    /// A notification on one of the channels listened to.
    case notification(PostgresNotification)
    /// The connection broke; notifications sent from now until `.reconnected` are lost.
    case connectionLost(PostgresError)
    /// Listening again after a lost connection: re-read whatever the missed notifications would
    /// have announced.
    case reconnected
}
