/// Railbook Pay's page (`pay/checkout`): merchant, what is paid for, amount, the payment's state
/// and, while it is pending, the confirm and cancel forms.
struct ProviderPageViewModel: Encodable {
    let reference: String
    /// The payment's status code; `cancelled` when a confirmation was just turned down.
    let status: String
    let statusText: String
    /// What the subject's number is ("Order number").
    let purposeText: String
    /// The subject's own number (order, waitlist…).
    let subject: String
    let merchant: String
    let item: String
    let amount: String
    /// The amount in fen, as text (`data-amount`).
    let amountFen: String
    /// True while the payer can confirm or cancel.
    let isPending: Bool
    /// While pending, when the subject stops taking money; nil otherwise or when it has no deadline.
    let payBy: String?
    let payByDatetime: String
    /// Why the payment can no longer be made, when it cannot.
    let unpayable: String?
    /// Where the payer goes back to the merchant.
    let returnTo: String

    /// The page of `payment` for `subject` (nil when the subject is gone); `refused` when a
    /// confirmation was just turned down because the subject can no longer be paid.
    init(payment: Payment, subject: PaymentSubject?, refused: Bool, text: TextLookup) {
        let isPayable = subject?.isPayable ?? false
        let isPending = payment.status == .pending && isPayable && !refused
        let payBy = subject?.payBy.map(ChinaMoment.init)
        reference = payment.reference
        status = refused ? Payment.Status.cancelled.rawValue : payment.status.rawValue
        statusText = text(Self.statusKey(payment.status))
        purposeText = text(Self.purposeKey(payment.purpose))
        self.subject = subject?.number ?? ""
        merchant = subject?.merchant ?? text("pay_merchant_name")
        item = subject?.item ?? ""
        amount = Money.format(payment.amountFen)
        amountFen = String(payment.amountFen)
        self.isPending = isPending
        self.payBy = isPending ? payBy?.text : nil
        payByDatetime = payBy?.datetime ?? ""
        unpayable = refused || (payment.status == .pending && !isPayable) ? text(Self.unpayableKey(payment.purpose)) : nil
        returnTo = payment.returnTo
    }

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
