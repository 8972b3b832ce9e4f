import HTTP
import Storage

/// Railbook Pay's pages: `GET /pay/:reference` shows what is paid and asks the payer to confirm
/// or cancel; confirming authorizes the payment once and has the provider notify the merchant,
/// then returns the payer to the merchant. A payment authorised before whose notification the
/// merchant has not settled (its server stopped in between) is notified again whenever its payer
/// comes back to it — "pay now" on the merchant's side leads here — and the payer returned to the
/// merchant, so it is settled rather than paid twice. Only the payer sees their payment (anyone
/// else: 404).
struct ProviderController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool
    let purposes: PaymentPurposes
    let railway: Railway
    let events: EventBus
    /// Railbook Pay's notifications to the merchant.
    let provider: PaymentProvider

    func addRoutes(to group: MemberRoutes) {
        group.get("/pay/:reference", use: show)
        group.post("/pay/:reference/confirm", use: confirm)
        group.post("/pay/:reference/cancel", use: cancel)
    }

    func show(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let payment = try load(context)
        if payment.status == .authorized { return notifyAgain(payment, context) }
        let subject = try database.read { db in try describe(payment, context, in: db) }
        return try render(payment, subject: subject, request, &context, status: .ok)
    }

    /// Authorizes a pending payment whose subject can still be paid; one that can no longer be
    /// paid (a cancelled or expired order…) is cancelled instead, so no money is taken.
    func confirm(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let payment = try load(context)
        let now = context.now
        let (authorized, subject) = try database.write { db -> (Bool, PaymentSubject?) in
            let subject = try describe(payment, context, in: db)
            guard subject?.isPayable == true else {
                _ = try Payment.transition(payment.id, from: [.pending], to: .cancelled, at: now, in: db)
                return (false, subject)
            }
            guard try Payment.transition(payment.id, from: [.pending], to: .authorized, at: now, in: db) else { return (false, subject) }
            // The provider's notification is owed from here on: the outbox keeps it across a crash.
            try Outbox.record([PaymentAuthorized(paymentID: payment.id)], now: now, in: db)
            return (true, subject)
        }
        if authorized {
            events.publish([PaymentAuthorized(paymentID: payment.id)]) // delivered at once, before the payer goes back
        } else if payment.status == .authorized {
            return notifyAgain(payment, context)
        } else if payment.status == .pending {
            return try render(payment, subject: subject, refused: true, request, &context, status: .conflict)
        }
        return .redirect(to: payment.returnTo)
    }

    /// Sends the notification of a payment authorised before once more (settling it twice changes
    /// nothing), then returns the payer to the merchant.
    private func notifyAgain(_ payment: Payment, _ context: MemberContext) -> Response {
        provider.notifyPaid(payment, now: context.now)
        return .redirect(to: payment.returnTo)
    }

    private func describe(_ payment: Payment, _ context: MemberContext, in db: Database) throws -> PaymentSubject? {
        let wording = PaymentWording(messages: renderer.messages, language: context.language, timetable: railway.timetable)
        return try purposes.handler(for: payment.purpose)?.describe(payment.subjectID, wording, context.now, db)
    }

    private func render(
        _ payment: Payment, subject: PaymentSubject?, refused: Bool = false, _ request: Request,
        _ context: inout MemberContext, status: Status
    ) throws -> Response {
        let page = ProviderPageViewModel(payment: payment, subject: subject, refused: refused, text: renderer.texts(context))
        return try renderer.formPage("pay/checkout", page, context: &context, status: status)
    }

    func cancel(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let payment = try load(context)
        let cancelled = try database.write { try Payment.transition(payment.id, from: [.pending], to: .cancelled, at: context.now, in: $0) }
        guard cancelled else { return .redirect(to: payment.returnTo) }
        return .redirect(to: payment.returnTo + (payment.returnTo.contains("?") ? "&" : "?") + "payment=cancelled")
    }

    private func load(_ context: MemberContext) throws -> Payment {
        let user = context.user
        let reference = try context.parameters.require("reference")
        guard let payment = try database.read({ try Payment.find(reference: reference, in: $0) }), payment.userID == user.id else {
            throw HTTPError(.notFound)
        }
        return payment
    }
}
