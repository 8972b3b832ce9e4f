import Mustache

/// The provider page's values: merchant, what is paid for, amount, the payment's state and,
/// while it is pending, the confirm and cancel forms.
struct ProviderPageViewModel {
    let renderer: PageRenderer
    let context: AppContext

    func values(_ payment: Payment, subject: String) -> [String: MustacheValue] {
        [
            "reference": .string(payment.reference),
            "status": .string(payment.status.rawValue),
            "statusText": .string(text("pay_status_\(payment.status.rawValue)")),
            "purposeText": .string(text("pay_purpose_\(payment.purpose.rawValue)")),
            "subject": .string(subject),
            "amount": .string(Money.format(payment.amountFen)),
            "amountFen": .string(String(payment.amountFen)),
            "isPending": .bool(payment.status == .pending),
            "returnTo": .string(payment.returnTo),
        ]
    }

    private func text(_ key: String) -> String { renderer.messages.text(key, context.language) }
}
