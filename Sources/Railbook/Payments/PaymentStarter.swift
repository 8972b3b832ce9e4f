import Secrets
import Storage

/// The entry point for any feature that needs money from the user: makes (or reuses) a pending
/// payment and names the provider page to send the payer to.
enum PaymentStarter {
    /// Returns the reference of a pending payment of `amountFen` by `userID` for the subject,
    /// reusing one already pending for the same amount (so a double click starts one payment).
    /// When the payer already authorised a payment for the subject whose notification has not
    /// been settled (the server stopped between the two), returns that one instead: its provider
    /// page settles it, and the payer is never charged twice.
    /// `returnTo` is the same-site path the payer comes back to (anything else becomes `/`).
    /// Call it inside the caller's write transaction, after checking the subject can be paid.
    static func start(
        purpose: PaymentLedger.Purpose, subjectID: Int64, amountFen: Int, userID: Int64, returnTo: String,
        now: Int, in db: Database
    ) throws -> String {
        try UncheckedArgument.require(amountFen > 0, "a payment needs a positive amount")
        if let authorized = try Payment.authorized(purpose: purpose, subjectID: subjectID, userID: userID, in: db) {
            return authorized.reference
        }
        if let pending = try Payment.pending(purpose: purpose, subjectID: subjectID, userID: userID, in: db) {
            if pending.amountFen == amountFen { return pending.reference }
            _ = try Payment.transition(pending.id, from: [.pending], to: .cancelled, at: now, in: db)
        }
        let reference = Token.random(byteCount: 24)
        _ = try Payment.insert(
            reference: reference, userID: userID, purpose: purpose, subjectID: subjectID, amountFen: amountFen,
            returnTo: SafePath.validated(returnTo), now: now, in: db)
        return reference
    }

    /// The provider page of the payment with `reference`: redirect the payer there (303).
    static func checkoutPath(_ reference: String) -> String {
        "/pay/" + reference
    }
}
