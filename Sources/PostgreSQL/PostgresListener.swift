import Foundation
import Locking
import Storage

/// Listens for `NOTIFY` on a connection of its own and hands each notification to a callback
/// on the listener's own thread.
///
/// When the connection drops, the callback gets `.connectionLost`, and the listener connects
/// again (at once, then after 0.05 s, doubling to at most 2 s between tries) and listens to the
/// same channels; then it gets `.reconnected`, its cue to re-read what the notifications sent
/// in between would have announced. `stop()` (or releasing the listener) ends the thread.
public final class PostgresListener: Sendable {
    /// The channels listened to.
    public let channels: [String]
    private let loop: ListenerLoop

    /// Connects and starts listening before it returns, so a notification committed after
    /// `init` is delivered; throws when the first connection or a `LISTEN` fails.
    public init(
        uri: String,
        channels: [String],
        options: PostgresOptions = PostgresOptions(),
        onEvent: @escaping @Sendable (PostgresListenerEvent) -> Void
    ) throws {
        self.channels = channels
        let connect: @Sendable () throws -> PostgresConnection = {
            let connection = try PostgresConnection(uri: uri, options: options)
            try channels.forEach(connection.listen(to:))
            return connection
        }
        loop = try ListenerLoop(connection: connect(), connect: connect, onEvent: onEvent)
        loop.start()
    }

    deinit {
        loop.stop()
    }

    /// Stops listening and waits for the thread to end; no event is delivered after it returns,
    /// unless `stop()` is called from the callback itself. Safe to call twice.
    public func stop() {
        loop.stop()
    }
}

/// The listener's thread and the connection only it uses.
private final class ListenerLoop: @unchecked Sendable {
    private var connection: PostgresConnection?
    private let connect: @Sendable () throws -> PostgresConnection
    private let onEvent: @Sendable (PostgresListenerEvent) -> Void
    private let wakePipe: [Int32]
    private let state = Locked(State.running)
    private var thread: Thread?

    private enum State { case running, stopping, stopped }

    init(
        connection: PostgresConnection,
        connect: @escaping @Sendable () throws -> PostgresConnection,
        onEvent: @escaping @Sendable (PostgresListenerEvent) -> Void
    ) throws {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            throw PostgresError(sqlState: "58000", message: "cannot make the listener's wake-up pipe (errno \(errno))")
        }
        self.connection = connection
        self.connect = connect
        self.onEvent = onEvent
        self.wakePipe = descriptors
    }

    /// The thread holds the loop until it ends, so the pipe is no longer read or written here.
    deinit {
        close(wakePipe[0])
        close(wakePipe[1])
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "PostgreSQL listener"
        self.thread = thread
        thread.start()
    }

    func stop() {
        let shouldWait = state.withLock { state in
            guard state == .running else { return false }
            state = .stopping
            return true
        }
        guard shouldWait else { return }
        var byte: UInt8 = 1
        _ = write(wakePipe[1], &byte, 1)
        if Thread.current !== thread {
            state.withLock(waitingUntil: { $0 == .stopped }) { _ in }
        }
    }

    private var isStopping: Bool { state.withLock { $0 != .running } }

    private func run() {
        var delay = 0.0
        while !isStopping {
            guard let connection else {
                reconnect(after: &delay)
                continue
            }
            do {
                let notifications = try connection.receiveNotifications(wakingOn: wakePipe[0])
                for notification in notifications where !isStopping {
                    onEvent(.notification(notification))
                }
            } catch {
                connection.close()
                self.connection = nil
                onEvent(
                    .connectionLost(
                        error as? PostgresError
                            ?? PostgresError(sqlState: SQLState.connectionFailure, message: "\(error)")))
            }
        }
        connection?.close()
        connection = nil
        state.withLock { $0 = .stopped }
        state.broadcast()
    }

    /// One try, after `delay` seconds (woken early by `stop()`); the delay grows while tries fail.
    private func reconnect(after delay: inout Double) {
        if delay > 0 {
            var descriptor = pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(delay * 1000)) == 0 else { return }
        }
        do {
            connection = try connect()
            delay = 0
            onEvent(.reconnected)
        } catch {
            delay = min(max(delay * 2, 0.05), 2)
        }
    }
}
