import Foundation
import Locking

/// Sends the notifications that committed transactions of a pool asked for (`notifyAfterCommit`),
/// on a thread of its own and a moment later, every channel asked for meanwhile once: so many
/// transactions committing at once cost a few notifications, and none of them waits on
/// PostgreSQL's notification queue (a notifying transaction holds it until its commit is flushed).
/// The thread starts when there is something to send and ends after a second with nothing.
final class PostgresNotifier: @unchecked Sendable {
    /// How long the thread waits after a first request for others to join it, in seconds: the
    /// listeners learn of a change this much later, and many commits cost one notification.
    static let gathering = 0.01
    private let send: @Sendable (String) throws -> Void
    private let state = Locked(State())

    /// What waits to be sent, and the thread's state.
    private struct State {
        var pending: Set<String> = []
        var isRunning = false
        var isStopped = false
    }

    /// A notifier that sends one channel's notification with `send`.
    init(send: @escaping @Sendable (String) throws -> Void) {
        self.send = send
    }

    /// Asks for `channels` to be notified soon.
    func post(_ channels: Set<String>) {
        let startsThread = state.withLock { state in
            guard !state.isStopped else { return false }
            state.pending.formUnion(channels)
            defer { state.isRunning = true }
            return !state.isRunning
        }
        guard startsThread else {
            state.signal()
            return
        }
        let thread = Thread { [self] in run() }
        thread.name = "postgres-notifier"
        thread.start()
    }

    /// Sends what is pending, then stops for good, waiting for the thread to end.
    func stop() {
        state.withLock { $0.isStopped = true }
        state.broadcast()
        state.withLock(waitingUntil: { !$0.isRunning }) { _ in }
    }

    private func run() {
        while waitForRequests() {
            Thread.sleep(forTimeInterval: Self.gathering)
            let channels = state.withLock { state in
                defer { state.pending = [] }
                return state.pending
            }
            for channel in channels { try? send(channel) }
        }
    }

    /// Waits until something is to be sent (true), or a second passed with nothing, or the
    /// notifier stopped with nothing left (false: the thread ends).
    private func waitForRequests() -> Bool {
        let hasWork = state.withLock(waitingUntil: { !$0.pending.isEmpty || $0.isStopped }, timeout: 1) { state in
            guard state.pending.isEmpty else { return true }
            state.isRunning = false
            return false
        }
        if !hasWork { state.broadcast() }
        return hasWork
    }
}
