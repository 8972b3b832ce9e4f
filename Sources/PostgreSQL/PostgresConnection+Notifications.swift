import CPostgres
import Foundation
import Storage

extension PostgresConnection {
    /// The longest channel name PostgreSQL keeps (`NAMEDATALEN - 1` bytes).
    static let maximumChannelLength = 63

    /// Sends a notification on `channel` (`pg_notify`). Inside a transaction it is delivered when
    /// the transaction commits, and never if it rolls back.
    public func notify(channel: String, payload: String = "") throws {
        try Self.checkChannel(channel)
        try run("SELECT pg_notify(?, ?)", [channel, payload])
    }

    /// Starts listening on `channel` (quoted, so the name is exactly the one `notify` uses).
    /// A `PostgresListener` does this on a connection of its own.
    public func listen(to channel: String) throws {
        try Self.checkChannel(channel)
        try execute("LISTEN \"\(channel.replacingOccurrences(of: "\"", with: "\"\""))\"")
    }

    /// Waits until the server sends something or `wakeDescriptor` becomes readable, and returns
    /// the notifications that arrived (none when woken); throws when the connection broke.
    func receiveNotifications(wakingOn wakeDescriptor: Int32) throws -> [PostgresNotification] {
        let connection = try openHandle()
        let socket = PQsocket(connection)
        guard socket >= 0 else { throw brokenConnectionError() }
        var descriptors = [
            pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        guard poll(&descriptors, 2, -1) > 0, descriptors[1].revents == 0 else { return [] }
        guard PQconsumeInput(connection) == 1 else { throw brokenConnectionError() }
        var notifications: [PostgresNotification] = []
        while let notification = PQnotifies(connection) {
            notifications.append(
                PostgresNotification(
                    channel: String(cString: notification.pointee.relname),
                    payload: String(cString: notification.pointee.extra),
                    senderProcessID: notification.pointee.be_pid
                ))
            PQfreemem(notification)
        }
        if isBroken { throw brokenConnectionError() }
        return notifications
    }

    private static func checkChannel(_ channel: String) throws {
        guard !channel.isEmpty, channel.utf8.count <= maximumChannelLength, !channel.utf8.contains(0) else {
            throw PostgresError(
                sqlState: "42602",
                message: "a channel name needs 1 to \(maximumChannelLength) bytes and no NUL"
            )
        }
    }
}
