import Foundation

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
    // Guards everything below.
    private let condition = NSCondition()
    private var pending: Set<String> = []
    private var isRunning = false
    private var isStopped = false

    /// A notifier that sends one channel's notification with `send`.
    init(send: @escaping @Sendable (String) throws -> Void) {
        self.send = send
    }

    /// Asks for `channels` to be notified soon.
    func post(_ channels: Set<String>) {
        condition.lock()
        defer { condition.unlock() }
        guard !isStopped else { return }
        pending.formUnion(channels)
        if isRunning {
            condition.signal()
        } else {
            isRunning = true
            let thread = Thread { [self] in run() }
            thread.name = "postgres-notifier"
            thread.start()
        }
    }

    /// Sends what is pending, then stops for good, waiting for the thread to end.
    func stop() {
        condition.lock()
        isStopped = true
        condition.broadcast()
        while isRunning { condition.wait() }
        condition.unlock()
    }

    private func run() {
        while waitForRequests() {
            Thread.sleep(forTimeInterval: Self.gathering)
            condition.lock()
            let channels = pending
            pending = []
            condition.unlock()
            for channel in channels { try? send(channel) }
        }
    }

    /// Waits until something is to be sent (true), or a second passed with nothing, or the
    /// notifier stopped with nothing left (false: the thread ends).
    private func waitForRequests() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty {
            guard !isStopped, condition.wait(until: Date(timeIntervalSinceNow: 1)) || !pending.isEmpty else {
                isRunning = false
                condition.broadcast()
                return false
            }
        }
        return true
    }
}
