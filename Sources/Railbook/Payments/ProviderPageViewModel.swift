import Mustache

/// Railbook Pay's page (`pay/checkout`): merchant, what is paid for, amount, the payment's state
/// and, while it is pending, the confirm and cancel forms.
struct ProviderPageViewModel: MustacheRenderable {
    let renderer: PageRenderer
    let context: AppContext
    let payment: Payment
    let subject: PaymentSubject?
    /// A confirmation was just turned down because the subject can no longer be paid.
    let refused: Bool

    var mustacheValue: MustacheValue { .object(values) }

    private var values: MustacheObject {
        let isPayable = subject?.isPayable ?? false
        let unpayable = refused || (payment.status == .pending && !isPayable)
        let isPending = payment.status == .pending && isPayable && !refused
        let payBy = subject?.payBy.map(ChinaMoment.init)
        return [
            "reference": .string(payment.reference),
            "status": .string(refused ? Payment.Status.cancelled.rawValue : payment.status.rawValue),
            "statusText": .string(text(Self.statusKey(payment.status))),
            "purposeText": .string(text(Self.purposeKey(payment.purpose))),
            "subject": .string(subject?.number ?? ""),
            "merchant": .string(subject?.merchant ?? text("pay_merchant_name")),
            "item": .string(subject?.item ?? ""),
            "amount": .string(Money.format(payment.amountFen)),
            "amountFen": .string(String(payment.amountFen)),
            "isPending": .bool(isPending),
            "payBy": isPending ? payBy.map { .string($0.text) } ?? .null : .null,
            "payByDatetime": .string(payBy?.datetime ?? ""),
            "unpayable": unpayable ? .string(text(Self.unpayableKey(payment.purpose))) : .null,
            "returnTo": .string(payment.returnTo),
        ]
    }

    private func text(_ key: String) -> String { renderer.messages.text(key, context.language) }

    private static func statusKey(_ status: Payment.Status) -> String {
        switch status {
        case .pending: "pay_status_pending"
        case .authorized: "pay_status_authorized"
        case .paid: "pay_status_paid"
        case .cancelled: "pay_status_cancelled"
        case .refunded: "pay_status_refunded"
        }
    }

    private static func purposeKey(_ purpose: PaymentLedger.Purpose) -> String {
        switch purpose {
        case .ticketOrder: "pay_purpose_ticket_order"
        case .waitlist: "pay_purpose_waitlist"
        case .change: "pay_purpose_change"
        case .shopOrder: "pay_purpose_shop_order"
        }
    }

    /// Why a payment of `purpose` can no longer be made.
    private static func unpayableKey(_ purpose: PaymentLedger.Purpose) -> String {
        switch purpose {
        case .ticketOrder: "pay_not_payable_ticket_order"
        case .waitlist: "pay_not_payable_waitlist"
        case .change: "pay_not_payable_change"
        case .shopOrder: "pay_not_payable_shop_order"
        }
    }
}
