import Foundation
import HTTP
import Locking
import Storage

/// Does the reactions waiting in the outbox, oldest first. Right after a change commits, the thread
/// that made it asks for a drain (`requestDrain`, through the event bus), so reactions happen before
/// the answer as they always did; the background job drains again every second, which picks up
/// what a crash left behind and retries failures. With several servers on one database, each
/// drain first claims the entries it does (`Outbox.claimDue`), so two servers do not work on the
/// same one; what a server dies holding is claimed by another once its claim runs out. Each
/// reaction runs exactly once:
/// - those that only change the database are done in one transaction together with marking their
///   entry done, so a crash either keeps both or neither;
/// - the payment notification goes through the provider to `/payments/notify` first and its entry
///   is marked done after the merchant answered; a crash in between sends it again, and settling
///   a payment twice changes nothing (`alreadyProcessed`).
///
/// Mail is not sent here but by `MailDelivery`'s own drain (`Outbox.Lane`).
final class ReactionDesk: @unchecked Sendable {
    /// Drains asked for and done: a caller waits until a drain that began after its request is done.
    private struct DrainState {
        var requested = 0
        var completed = 0
        var drainer: pthread_t?
    }

    let database: DatabasePool
    let railway: Railway
    let events: EventBus
    /// Where reactions read the time.
    let clock: any Clock
    /// Set while testing what a crash between a commit and its reactions leaves behind: nothing is done.
    let holdsReactions: Bool
    /// Set while testing a server that dies holding reactions: they are claimed, then left undone.
    let stallsReactions: Bool
    private let log: @Sendable (String) -> Void
    private let drains = Locked(DrainState())
    /// Delivers the provider's notification of a payment (`PaymentProvider.notifyPaid`); set once routes exist.
    private let notifier = Locked<(@Sendable (Payment) -> Response)?>(nil)

    init(
        database: DatabasePool, railway: Railway, events: EventBus, clock: any Clock, holdsReactions: Bool,
        stallsReactions: Bool = false, log: @escaping @Sendable (String) -> Void
    ) {
        self.database = database
        self.railway = railway
        self.events = events
        self.clock = clock
        self.holdsReactions = holdsReactions
        self.stallsReactions = stallsReactions
        self.log = log
    }

    /// How payment notifications are delivered.
    func deliverPaymentNotifications(with notify: @escaping @Sendable (Payment) -> Response) {
        notifier.withLock { $0 = notify }
    }

    /// Does every due reaction, on this thread unless another thread is at it; returns once the
    /// reactions recorded before the call are done (or have failed, to be retried). Called from inside
    /// a reaction (its events published), it only asks the running drain to go round once more.
    func requestDrain() {
        guard !holdsReactions else { return }
        let thread = pthread_self()
        // What this call does: nothing more (the drain on this thread goes round again), wait for
        // the drain under way on another thread to go round once more, or drain.
        enum Part {
            case asked
            case waitFor(Int)
            case drain
        }
        let part = drains.withLock { drains -> Part in
            drains.requested += 1
            if let drainer = drains.drainer {
                return pthread_equal(drainer, thread) != 0 ? .asked : .waitFor(drains.requested)
            }
            drains.drainer = thread
            return .drain
        }
        switch part {
        case .asked:
            return
        case .waitFor(let mine):
            drains.withLock(waitingUntil: { $0.completed >= mine }) { _ in }
        case .drain:
            var isDone = false
            while !isDone {
                let target = drains.withLock { $0.requested }
                drainDue()
                isDone = drains.withLock { drains in
                    drains.completed = target
                    guard drains.requested == target else { return false }
                    drains.drainer = nil
                    return true
                }
                drains.broadcast()
            }
        }
    }

    private func drainDue() {
        var tried = Set<Int64>()
        while true {
            let now = clock.now()
            let claimed: [Outbox.Entry]
            do {
                // A read first, so an idle drain (every second) commits nothing.
                guard try !database.read({ try Outbox.due(now: now, limit: 1, in: $0) }).isEmpty else { return }
                claimed = try database.write { try Outbox.claimDue(holder: ServerInstance.id, now: now, in: $0) }
            } catch  where OutOfSpaceLog.isOutOfSpace(error) {
                OutOfSpaceLog.shared.note(error, while: "claiming reactions", write: log)
                return
            } catch {
                // The change that asked for this drain is committed already and is not failed for
                // it: the job drains again within a second.
                log("error: the due reactions were not claimed: \(error)")
                return
            }
            guard !stallsReactions else { return }
            let fresh = claimed.filter { !tried.contains($0.id) }
            guard !fresh.isEmpty else { return }
            for entry in fresh {
                tried.insert(entry.id)
                perform(entry)
            }
        }
    }

    /// Does one entry, or records why it failed (it is tried again later).
    private func perform(_ entry: Outbox.Entry) {
        do {
            guard let reaction = entry.reaction else { throw UnknownReaction(kind: entry.kind) }
            if case .notifyPayment(let paymentID) = reaction {
                try notify(paymentID, entry: entry)
            } else {
                try change(reaction, entry: entry)
            }
        } catch  where OutOfSpaceLog.isOutOfSpace(error) {
            // Nothing can be written, the failure neither: the claim runs out and the entry is tried again.
            OutOfSpaceLog.shared.note(error, while: "reaction \(entry.kind) \(entry.subjectID)", write: log)
        } catch {
            log("error: reaction \(entry.kind) \(entry.subjectID) failed (attempt \(entry.attempts + 1)): \(error)")
            do {
                try database.write { try Outbox.recordFailure(entry.id, error: "\(error)", now: clock.now(), in: $0) }
            } catch {
                log("error: the failure of reaction \(entry.kind) \(entry.subjectID) was not recorded: \(error)")
            }
        }
    }

    /// A reaction that only changes the database: done and marked done in one transaction; the
    /// events it causes are recorded there too, and published after the commit.
    private func change(_ reaction: Reaction, entry: Outbox.Entry) throws {
        let now = clock.now()
        let timetable = railway.timetable
        let caused = try database.write { db -> [any DomainEvent]? in
            guard try Outbox.markDone(entry.id, now: now, in: db) else { return nil }
            let caused: [any DomainEvent]
            switch reaction {
            case .serveWaitlist(let runID, let seatClass):
                caused = try WaitlistFulfilment(timetable: timetable).fulfil(runID: runID, seatClass: seatClass, now: now, in: db)
            case .withdrawTicketDeliveries(let ticketID):
                try ShopOrders.refundAll(forTicket: ticketID, now: now, in: db)
                caused = []
            case .withdrawRunDeliveries(let runID):
                try ShopOrders.refundAll(forRun: runID, now: now, in: db)
                caused = []
            case .notifyPayment, .sendMail:
                caused = []
            }
            try Outbox.record(caused, now: now, in: db)
            return caused
        }
        guard let caused, !caused.isEmpty else { return }
        if case .serveWaitlist(let runID, _) = reaction { railway.inventory.forget(runID: runID) }
        events.publish(caused)
    }

    /// The provider's notification of an authorised payment, then the entry marked done.
    private func notify(_ paymentID: Int64, entry: Outbox.Entry) throws {
        guard let payment = try database.read({ try Payment.find(id: paymentID, in: $0) }) else {
            throw UnknownReaction(kind: "payment \(paymentID) missing")
        }
        if payment.status == .authorized {
            guard let notify = notifier.withLock({ $0 }) else { throw UnknownReaction(kind: "no payment provider") }
            let answer = notify(payment)
            guard answer.status == .ok else { throw NotificationRefused(status: answer.status.code) }
        }
        _ = try database.write { try Outbox.markDone(entry.id, now: clock.now(), in: $0) }
    }

    /// An entry this version cannot do.
    struct UnknownReaction: Error, CustomStringConvertible {
        let kind: String
        var description: String { "cannot do \(kind)" }
    }

    /// The merchant did not take a payment notification.
    struct NotificationRefused: Error, CustomStringConvertible {
        let status: Int
        var description: String { "the payment notification was answered \(status)" }
    }
}
