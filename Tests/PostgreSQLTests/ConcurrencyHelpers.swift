import Foundation
import PostgreSQL
import Storage

/// Errors thrown on worker threads, checked on the test thread afterwards.
final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [any Error] = []

    func record(_ body: () throws -> Void) {
        do { try body() } catch { lock.lock(); errors.append(error); lock.unlock() }
    }

    var recorded: [any Error] {
        lock.lock()
        defer { lock.unlock() }
        return errors
    }
}

/// Lets a fixed number of threads wait until all of them have arrived.
final class Rendezvous: @unchecked Sendable {
    private let condition = NSCondition()
    private let parties: Int
    private var arrived = 0

    init(parties: Int) {
        self.parties = parties
    }

    /// Waits for the others, at most 10 s; false when they did not come.
    @discardableResult
    func arriveAndWait() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: 10)
        while arrived < parties {
            guard condition.wait(until: deadline) else { return false }
        }
        return true
    }
}

/// A thread-safe counter, e.g. of how often a transaction body ran.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// Adds one and returns the new count.
    @discardableResult
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// The events a listener delivered, with a way to wait for one.
final class EventRecorder: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [PostgresListenerEvent] = []

    func record(_ event: PostgresListenerEvent) {
        condition.lock()
        events.append(event)
        condition.broadcast()
        condition.unlock()
    }

    var recorded: [PostgresListenerEvent] {
        condition.lock()
        defer { condition.unlock() }
        return events
    }

    /// The notifications among the events, in order.
    var notifications: [PostgresNotification] {
        recorded.compactMap { event in
            if case .notification(let notification) = event { return notification }
            return nil
        }
    }

    /// Waits until `count` notifications have arrived, at most `timeout` seconds; true when they did.
    func waitForNotifications(_ count: Int, timeout: Double = 10) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while events.filter({ if case .notification = $0 { true } else { false } }).count < count {
            guard condition.wait(until: deadline) else { return false }
        }
        return true
    }

    /// Waits until an event satisfies `predicate`, at most `timeout` seconds; true when one did.
    func waitFor(timeout: Double = 10, _ predicate: (PostgresListenerEvent) -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !events.contains(where: predicate) {
            guard condition.wait(until: deadline) else { return false }
        }
        return true
    }
}
