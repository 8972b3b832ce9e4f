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
            "statusText": .string(text("pay_status_\(payment.status.rawValue)")),
            "purposeText": .string(text("pay_purpose_\(payment.purpose.rawValue)")),
            "subject": .string(subject?.number ?? ""),
            "merchant": .string(subject?.merchant ?? text("pay_merchant_name")),
            "item": .string(subject?.item ?? ""),
            "amount": .string(Money.format(payment.amountFen)),
            "amountFen": .string(String(payment.amountFen)),
            "isPending": .bool(isPending),
            "payBy": isPending ? payBy.map { .string($0.text) } ?? .null : .null,
            "payByDatetime": .string(payBy?.datetime ?? ""),
            "unpayable": unpayable ? .string(text("pay_not_payable_\(payment.purpose.rawValue)")) : .null,
            "returnTo": .string(payment.returnTo),
        ]
    }

    private func text(_ key: String) -> String { renderer.messages.text(key, context.language) }
}
