import Storage

/// Something that must happen because of a committed change, written to the outbox by the same
/// transaction and done afterwards, exactly once, even if the process dies in between.
enum Reaction: Equatable, Sendable {
    /// Seats of a class on a run came back, or a waitlist joined its queue: serve the queue.
    case serveWaitlist(runID: Int64, seatClass: SeatClass)
    /// A ticket was refunded or changed: its seat takes no more deliveries (meals are refunded).
    case withdrawTicketDeliveries(ticketID: Int64)
    /// A run was cancelled: the seats on it take no deliveries.
    case withdrawRunDeliveries(runID: Int64)
    /// A payment was authorised on Railbook Pay: the provider must notify the merchant, who
    /// settles it (pays the order, or refunds the money when it came too late).
    case notifyPayment(paymentID: Int64)
    /// A mail was queued (`Mail.queue`): hand it to the relay or write it to the mail folder.
    case sendMail(mailID: Int64)

    /// The reactions `events` call for, each once, in order.
    static func reactions(to events: [any DomainEvent]) -> [Reaction] {
        var reactions: [Reaction] = []
        for event in events {
            let called: [Reaction] =
                switch event {
                case let released as SeatsReleased: [.serveWaitlist(runID: released.runID, seatClass: released.seatClass)]
                case let queued as WaitlistQueued: queued.choices.map { .serveWaitlist(runID: $0.runID, seatClass: $0.seatClass) }
                case let refunded as TicketRefunded: [.withdrawTicketDeliveries(ticketID: refunded.ticketID)]
                case let changed as TicketChanged: [.withdrawTicketDeliveries(ticketID: changed.ticketID)]
                case let cancelled as RunCancelled: [.withdrawRunDeliveries(runID: cancelled.runID)]
                case let authorized as PaymentAuthorized: [.notifyPayment(paymentID: authorized.paymentID)]
                default: []
                }
            for reaction in called where !reactions.contains(reaction) { reactions.append(reaction) }
        }
        return reactions
    }

    /// How the reaction is stored: a kind, the record it is about, and a detail (the seat class).
    var stored: (kind: String, subjectID: Int64, detail: String) {
        switch self {
        case .serveWaitlist(let runID, let seatClass): ("serve_waitlist", runID, seatClass.rawValue)
        case .withdrawTicketDeliveries(let ticketID): ("withdraw_ticket_deliveries", ticketID, "")
        case .withdrawRunDeliveries(let runID): ("withdraw_run_deliveries", runID, "")
        case .notifyPayment(let paymentID): ("notify_payment", paymentID, "")
        case .sendMail(let mailID): ("send_mail", mailID, "")
        }
    }

    /// The reaction stored as `kind`, `subjectID` and `detail`; nil for one this version does not know.
    init?(kind: String, subjectID: Int64, detail: String) {
        switch kind {
        case "serve_waitlist":
            guard let seatClass = SeatClass(rawValue: detail) else { return nil }
            self = .serveWaitlist(runID: subjectID, seatClass: seatClass)
        case "withdraw_ticket_deliveries": self = .withdrawTicketDeliveries(ticketID: subjectID)
        case "withdraw_run_deliveries": self = .withdrawRunDeliveries(runID: subjectID)
        case "notify_payment": self = .notifyPayment(paymentID: subjectID)
        case "send_mail": self = .sendMail(mailID: subjectID)
        default: return nil
        }
    }
}

/// A payment was authorised by the payer on Railbook Pay (the provider still has to notify us).
struct PaymentAuthorized: DomainEvent { let paymentID: Int64 }
