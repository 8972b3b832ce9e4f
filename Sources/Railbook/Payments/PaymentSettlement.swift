import Storage

/// Applies a verified provider notification to our books in one write transaction: marks the
/// payment paid once, lets its purpose take the money, or refunds it in full when the purpose
/// refuses (too late, already paid). Repeated notifications change nothing.
enum PaymentSettlement {
    /// What became of a notification.
    enum Result {
        /// No payment has this reference.
        case unknownReference
        /// The amount differs from the payment's.
        case amountMismatch
        /// The payment was settled before (paid or refunded): nothing changed.
        case alreadyProcessed
        /// The subject took the money; publish the events.
        case accepted(events: [any DomainEvent])
        /// The money came but could not be used; it was refunded in full.
        case refunded(reason: String)

        /// The events to publish (and whose reactions to record).
        var events: [any DomainEvent] {
            if case .accepted(let events) = self { return events }
            return []
        }
    }

    /// Settles `notification` (its signature already checked) at `now`; run it inside a write transaction.
    static func settle(
        _ notification: PaymentNotification, purposes: PaymentPurposes, wording: PaymentWording, now: Int,
        in db: Database
    ) throws -> Result {
        guard let payment = try Payment.find(reference: notification.reference, in: db) else { return .unknownReference }
        guard payment.amountFen == notification.amountFen else { return .amountMismatch }
        guard try Payment.transition(payment.id, from: [.pending, .authorized, .cancelled], to: .paid, at: now, in: db) else {
            return .alreadyProcessed
        }
        let outcome: PaymentOutcome
        if let handler = purposes.handler(for: payment.purpose) {
            outcome = payment.status == .cancelled ? .refused(reason: "cancelled payment") : try handler.confirm(payment, now, db)
        } else {
            outcome = .refused(reason: "not payable")
        }
        switch outcome {
        case .accepted(let events):
            let subject = try purposes.handler(for: payment.purpose)?.describe(payment.subjectID, wording, now, db)?.number ?? ""
            try Notice.send(
                payment.purpose.paidNoticeKey, arguments: [subject, Money.format(payment.amountFen)], to: [payment.userID],
                link: payment.returnTo, now: now, in: db)
            let confirmed = PaymentConfirmed(
                paymentID: payment.id, purpose: payment.purpose, subjectID: payment.subjectID,
                amountFen: payment.amountFen)
            return .accepted(events: events + [confirmed])
        case .refused(let reason):
            try PaymentLedger.refund(paymentID: payment.id, amountFen: payment.amountFen, reason: reason, now: now, in: db)
            return .refunded(reason: reason)
        }
    }
}
