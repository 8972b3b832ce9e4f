import HTTP
import Mustache

/// The payment part of the order page: the state of the order's payment ("paid at 21:05") and
/// the notice after coming back from the provider or after a refused pay request.
struct OrderPaymentViewModel {
    let renderer: PageRenderer
    let context: AppContext

    /// `payment` (absent when none was started) and the notice asked for by `query`.
    func values(_ payment: Payment?, query: Parameters) -> MustacheObject {
        var values: MustacheObject = [:]
        if let payment {
            values["payment"] = .object([
                "status": .string(payment.status.rawValue),
                "text": .string(describe(payment)),
            ])
        }
        let noticeKey: String? = switch query["payment"] {
        case "cancelled": "order_payment_notice_cancelled"
        case "closed": "order_payment_notice_closed"
        default: nil
        }
        if let noticeKey { values["notice"] = .string(renderer.text(noticeKey, context)) }
        return values
    }

    private func describe(_ payment: Payment) -> String {
        let amount = Money.format(payment.amountFen)
        let time = ClockTime.format(((payment.completedAt ?? payment.createdAt) + ChinaTime.offsetSeconds) / 60)
        switch payment.status {
        case .paid: return renderer.messages.text("order_payment_paid", context.language, arguments: [amount, time])
        case .refunded: return renderer.messages.text("order_payment_refunded", context.language, amount)
        case .pending: return renderer.text("order_payment_pending", context)
        case .authorized: return renderer.text("order_payment_authorized", context)
        case .cancelled: return renderer.text("order_payment_cancelled", context)
        }
    }
}
