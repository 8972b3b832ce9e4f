import Foundation
import Locking
import PostgreSQL
import Storage

/// Errors thrown on worker threads, checked on the test thread afterwards.
final class ErrorLog: Sendable {
    private let errors = Locked<[any Error]>([])

    func record(_ body: () throws -> Void) {
        do { try body() } catch { errors.withLock { $0.append(error) } }
    }

    var recorded: [any Error] { errors.withLock { $0 } }
}

/// Lets a fixed number of threads wait until all of them have arrived.
final class Rendezvous: Sendable {
    private let arrived = Locked(0)
    private let parties: Int

    init(parties: Int) {
        self.parties = parties
    }

    /// Waits for the others, at most 10 s; false when they did not come.
    @discardableResult
    func arriveAndWait() -> Bool {
        arrived.withLock { $0 += 1 }
        arrived.broadcast()
        let parties = parties
        return arrived.withLock(waitingUntil: { $0 >= parties }, timeout: 10) { $0 >= parties }
    }
}

/// A thread-safe counter, e.g. of how often a transaction body ran.
final class Counter: Sendable {
    private let count = Locked(0)

    /// Adds one and returns the new count.
    @discardableResult
    func increment() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }

    var value: Int { count.withLock { $0 } }
}

/// The events a listener delivered, with a way to wait for one.
final class EventRecorder: Sendable {
    private let events = Locked<[PostgresListenerEvent]>([])

    func record(_ event: PostgresListenerEvent) {
        events.withLock { $0.append(event) }
        events.broadcast()
    }

    var recorded: [PostgresListenerEvent] { events.withLock { $0 } }

    /// The notifications among the events, in order.
    var notifications: [PostgresNotification] {
        recorded.compactMap { event in
            if case .notification(let notification) = event { return notification }
            return nil
        }
    }

    /// Waits until `count` notifications have arrived, at most `timeout` seconds; true when they did.
    func waitForNotifications(_ count: Int, timeout: Double = 10) -> Bool {
        waitFor(timeout: timeout, count: count) { if case .notification = $0 { true } else { false } }
    }

    /// Waits until an event satisfies `predicate`, at most `timeout` seconds; true when one did.
    func waitFor(timeout: Double = 10, _ predicate: (PostgresListenerEvent) -> Bool) -> Bool {
        waitFor(timeout: timeout, count: 1, predicate)
    }

    /// Waits until `count` events satisfy `predicate`, at most `timeout` seconds; true when they did.
    private func waitFor(timeout: Double, count: Int, _ predicate: (PostgresListenerEvent) -> Bool) -> Bool {
        events.withLock(waitingUntil: { $0.filter(predicate).count >= count }, timeout: timeout) { $0.filter(predicate).count >= count }
    }
}
