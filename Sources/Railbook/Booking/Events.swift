import Locking

/// A fact about the railway that other parts react to, published after its transaction commits.
public protocol DomainEvent: Sendable {}

/// An order was booked (unpaid, its seats held), with one ticket per passenger.
struct OrderBooked: DomainEvent {
    let orderNumber: String
    let userID: Int64
}
/// An order was paid: its tickets are issued.
struct OrderPaid: DomainEvent {
    let orderID: Int64
    let userID: Int64
}
/// An unpaid order passed its deadline; its seats were released.
struct OrderExpired: DomainEvent {
    let orderID: Int64
    let userID: Int64
}
/// The user cancelled an unpaid order; its seats were released.
struct OrderCancelled: DomainEvent {
    let orderID: Int64
    let userID: Int64
}
/// Seats of a class on a run became free again (expiry, cancel, refund, change).
struct SeatsReleased: DomainEvent {
    let runID: Int64
    let seatClass: SeatClass
}
/// A ticket was refunded to its payment.
struct TicketRefunded: DomainEvent {
    let ticketID: Int64
    let orderID: Int64
    let refundedFen: Int
}
/// A run was cancelled by the administration (published by whoever cancels it, after the commit).
struct RunCancelled: DomainEvent { let runID: Int64 }

/// The in-process event bus: typed subscriptions, registered at start-up, called in order on the
/// publishing thread after the change is committed. Reactions that must not be lost do not hang on
/// it: the change's transaction writes them to the outbox (`Outbox.record`), and the bus only
/// wakes the reactions (`afterPublishing`) and keeps in-memory caches up to date.
final class EventBus: Sendable {
    private let handlers = Locked<[ObjectIdentifier: [@Sendable (any DomainEvent) -> Void]]>([:])
    private let afterwards = Locked<[@Sendable () -> Void]>([])

    /// Calls `handler` for every published event of type `E`.
    func subscribe<E: DomainEvent>(_ type: E.Type, _ handler: @escaping @Sendable (E) -> Void) {
        handlers.withLock { table in
            table[ObjectIdentifier(type), default: []].append { event in
                if let event = event as? E { handler(event) }
            }
        }
    }

    /// Calls `handler` after every publishing of events (one or more).
    func afterPublishing(_ handler: @escaping @Sendable () -> Void) {
        afterwards.withLock { $0.append(handler) }
    }

    /// Delivers `events` to their subscribers, in order, then runs the `afterPublishing` handlers.
    func publish(_ events: [any DomainEvent]) {
        guard !events.isEmpty else { return }
        for event in events {
            let subscribers = handlers.withLock { $0[ObjectIdentifier(type(of: event))] ?? [] }
            for subscriber in subscribers { subscriber(event) }
        }
        for handler in afterwards.withLock({ $0 }) { handler() }
    }
}
