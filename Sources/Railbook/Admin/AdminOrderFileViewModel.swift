import HTTP

/// The back office's order pages around the order (`{{#file}}`, `admin/_order_customer` and
/// `admin/_order_file`): the customer with a link to find them among the users, one row per
/// payment (reference, purpose, state, amounts, times) and the complaints about the order, each
/// linking to its thread.
struct AdminOrderFileViewModel: Encodable {
    /// Who placed the order.
    struct Customer: Encodable {
        let account: String
        let name: String
        /// The users list searched for the account.
        let href: String
    }

    /// One payment of the order.
    struct PaymentRow: Encodable {
        /// A moment as text and as a `datetime` attribute.
        struct Moment: Encodable {
            let text: String
            let datetime: String
        }

        let reference: String
        let purpose: String
        let purposeText: String
        let status: String
        let statusText: String
        let amount: String
        /// The amount refunded, or "–".
        let refunded: String
        let started: String
        let startedDatetime: String
        /// When it was paid or ended, if it was.
        let completed: Moment?
    }

    /// One complaint about the order.
    struct ComplaintRow: Encodable {
        let number: String
        let href: String
        let status: String
        let statusText: String
        let categoryText: String
        let filed: String
        let filedDatetime: String
    }

    /// Nil when the account is gone.
    let customer: Customer?
    let hasPayments: Bool
    let payments: [PaymentRow]
    let hasComplaints: Bool
    let complaints: [ComplaintRow]

    init(_ file: AdminOrderFile, text: TextLookup) {
        customer = file.customer.map {
            Customer(account: $0.account, name: $0.name, href: "/admin/users?q=" + PercentEncoding.encode($0.account))
        }
        hasPayments = !file.payments.isEmpty
        payments = file.payments.map { Self.row($0, text: text) }
        hasComplaints = !file.complaints.isEmpty
        complaints = file.complaints.map { complaint in
            let filed = ChinaMoment(complaint.createdAt)
            return ComplaintRow(
                number: complaint.number, href: "/complaints/" + complaint.number, status: complaint.status.rawValue,
                statusText: text(complaint.status.messageKey), categoryText: text(complaint.category.messageKey),
                filed: filed.text, filedDatetime: filed.datetime)
        }
    }

    private static func row(_ payment: Payment, text: TextLookup) -> PaymentRow {
        let started = ChinaMoment(payment.createdAt)
        return PaymentRow(
            reference: payment.reference, purpose: payment.purpose.rawValue, purposeText: text(purposeKey(payment.purpose)),
            status: payment.status.rawValue, statusText: text(statusKey(payment.status)),
            amount: Money.format(payment.amountFen),
            refunded: payment.refundedFen > 0 ? Money.format(payment.refundedFen) : "–",
            started: started.text, startedDatetime: started.datetime,
            completed: payment.completedAt.map(ChinaMoment.init).map { PaymentRow.Moment(text: $0.text, datetime: $0.datetime) })
    }

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
