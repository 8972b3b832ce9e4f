import Storage

/// One `NOTIFY` received by a `PostgresListener`.
public struct PostgresNotification: Sendable, Equatable {
    /// The channel it was sent on, exactly as given to `notify(channel:payload:)`.
    public let channel: String
    /// The payload text (empty when none was given).
    public let payload: String
    /// The server process of the connection that sent it.
    public let senderProcessID: Int32

    /// Creates a notification; the listener and tests use it.
    public init(channel: String, payload: String, senderProcessID: Int32) {
        self.channel = channel
        self.payload = payload
        self.senderProcessID = senderProcessID
    }
}
