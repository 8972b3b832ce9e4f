import HTTP
import Mustache

/// The back office's order pages around the order (`admin/_order_file`): the customer with a link
/// to find them among the users, one row per payment (reference, purpose, state, amounts, times)
/// and the complaints about the order, each linking to its thread.
struct AdminOrderFileViewModel {
    let renderer: PageRenderer
    let context: AppContext

    func values(_ file: AdminOrderFile) -> MustacheObject {
        [
            "customer": file.customer.map { customer in
                .object([
                    "account": .string(customer.account), "name": .string(customer.name),
                    "href": .string("/admin/users?q=" + PercentEncoding.encode(customer.account)),
                ])
            } ?? .null,
            "hasPayments": .bool(!file.payments.isEmpty),
            "payments": .list(file.payments.map(payment)),
            "hasComplaints": .bool(!file.complaints.isEmpty),
            "complaints": .list(file.complaints.map { complaint in
                .object([
                    "number": .string(complaint.number), "href": .string("/complaints/" + complaint.number),
                    "status": .string(complaint.status.rawValue), "statusText": .string(text(complaint.status.messageKey)),
                    "categoryText": .string(text(complaint.category.messageKey)),
                    "filed": .string(ChinaMoment(complaint.createdAt).text), "filedDatetime": .string(ChinaMoment(complaint.createdAt).datetime),
                ])
            }),
        ]
    }

    private func payment(_ payment: Payment) -> MustacheValue {
        let started = ChinaMoment(payment.createdAt)
        let completed = payment.completedAt.map(ChinaMoment.init)
        return .object([
            "reference": .string(payment.reference),
            "purpose": .string(payment.purpose.rawValue), "purposeText": .string(text(Self.purposeKey(payment.purpose))),
            "status": .string(payment.status.rawValue), "statusText": .string(text(Self.statusKey(payment.status))),
            "amount": .string(Money.format(payment.amountFen)),
            "refunded": .string(payment.refundedFen > 0 ? Money.format(payment.refundedFen) : "–"),
            "started": .string(started.text), "startedDatetime": .string(started.datetime),
            "completed": completed.map { .object(["text": .string($0.text), "datetime": .string($0.datetime)]) } ?? .null,
        ])
    }

    private func text(_ key: String) -> String { renderer.text(key, context) }

    private static func purposeKey(_ purpose: PaymentLedger.Purpose) -> String {
        switch purpose {
        case .ticketOrder: "admin_payment_purpose_ticket_order"
        case .waitlist: "admin_payment_purpose_waitlist"
        case .change: "admin_payment_purpose_change"
        case .shopOrder: "admin_payment_purpose_shop_order"
        }
    }

    private static func statusKey(_ status: Payment.Status) -> String {
        switch status {
        case .pending: "admin_payment_status_pending"
        case .authorized: "admin_payment_status_authorized"
        case .paid: "admin_payment_status_paid"
        case .cancelled: "admin_payment_status_cancelled"
        case .refunded: "admin_payment_status_refunded"
        }
    }
}
