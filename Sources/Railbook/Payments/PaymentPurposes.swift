import Locking
import Storage

/// What a purpose's handler decides once the money of one of its payments has arrived.
enum PaymentOutcome: Sendable {
    /// The subject is paid for; publish `events` after the transaction commits.
    case accepted(events: [any DomainEvent])
    /// The subject cannot take the money any more (too late, already paid…): the payment is
    /// refunded in full with `reason` (at most 30 characters, e.g. "late payment").
    case refused(reason: String)
}

/// A payment was confirmed by the provider and accepted by its purpose's handler (published after commit).
struct PaymentConfirmed: DomainEvent {
    let paymentID: Int64
    let purpose: PaymentLedger.Purpose
    let subjectID: Int64
    let amountFen: Int
}

/// The table of what each payment purpose does: how the provider page names what is paid for,
/// and what happens, inside the notification's write transaction, when a payment is confirmed.
/// Each feature registers its purpose once at start-up (`Application.paymentPurposes`).
final class PaymentPurposes: Sendable {
    /// One purpose's callbacks.
    struct Handler: Sendable {
        /// How the provider page names the subject (number, merchant, what is paid for) and whether
        /// it can still be paid; nil when the subject is gone.
        let describe: @Sendable (_ subjectID: Int64, _ wording: PaymentWording, _ now: Int, _ db: Database) throws -> PaymentSubject?
        /// Applies the confirmed payment to its subject in the notification's write transaction;
        /// throw only for real failures (the whole notification then rolls back and answers 500).
        let confirm: @Sendable (_ payment: Payment, _ now: Int, _ db: Database) throws -> PaymentOutcome
    }

    private let handlers = Locked<[PaymentLedger.Purpose: Handler]>([:])

    /// Registers (or replaces) what happens for payments of `purpose`.
    func register(
        _ purpose: PaymentLedger.Purpose, describe: @escaping @Sendable (Int64, PaymentWording, Int, Database) throws -> PaymentSubject?,
        confirm: @escaping @Sendable (Payment, Int, Database) throws -> PaymentOutcome
    ) {
        handlers.withLock { $0[purpose] = Handler(describe: describe, confirm: confirm) }
    }

    /// The handler of `purpose`, or nil when no feature registered it.
    func handler(for purpose: PaymentLedger.Purpose) -> Handler? {
        handlers.withLock { $0[purpose] }
    }
}
