import HTTP

/// The payment part of the order page: the state of the order's payment ("paid at 21:05") and
/// the notice after coming back from the provider or after a refused pay request.
struct OrderPaymentViewModel: Encodable {
    /// The state of the order's latest payment (`{{#payment}}`).
    struct State: Encodable {
        /// The payment's status code, for `data-payment`.
        let status: String
        /// "Paid ¥553.00 at 21:05."
        let text: String
    }

    /// Nil when no payment was started.
    let payment: State?
    /// The notice the page's `payment` query asks for (`cancelled`, `closed`), if any; it takes the
    /// place of the order's own notice.
    let notice: String?

    /// The part for the order's latest `payment` (nil when none was started) and the page's `query`.
    init(_ payment: Payment?, query: Parameters, text: TextLookup) {
        self.payment = payment.map { State(status: $0.status.rawValue, text: Self.describe($0, text: text)) }
        notice =
            switch query["payment"] {
            case "cancelled": text("order_payment_notice_cancelled")
            case "closed": text("order_payment_notice_closed")
            default: nil
            }
    }

    private static func describe(_ payment: Payment, text: TextLookup) -> String {
        let amount = Money.format(payment.amountFen)
        let time = ClockTime.format(((payment.completedAt ?? payment.createdAt) + ChinaTime.offsetSeconds) / 60)
        switch payment.status {
        case .paid: return text("order_payment_paid", amount, time)
        case .refunded: return text("order_payment_refunded", amount)
        case .pending: return text("order_payment_pending")
        case .authorized: return text("order_payment_authorized")
        case .cancelled: return text("order_payment_cancelled")
        }
    }
}
