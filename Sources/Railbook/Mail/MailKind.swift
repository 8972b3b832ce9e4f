import Storage

/// What a mail says, stored with it; `MailComposer` writes each kind's text.
enum MailKind: String, SQLBindable, Sendable {
    /// The text of a notice (`Notice.send`), with a link to the page it is about.
    case notice
    /// An order was booked: its amount and the time to pay by.
    case orderBooked = "order_booked"
    /// An unpaid order expires within minutes.
    case paymentReminder = "payment_reminder"
    /// A ticket order was paid: its tickets, with the trips as a calendar file.
    case paymentReceived = "payment_received"
    /// Tickets of an order were refunded, or changed with money back: the amount.
    case refundDone = "refund_done"
    case changeDone = "change_done"
    /// An invoice was issued: its PDF attached.
    case invoiceIssued = "invoice_issued"
    /// A new address is to be confirmed (sent to the new address).
    case addressConfirmation = "address_confirmation"
    /// Someone asked to add an address that another account has (sent to that address).
    case addressInUse = "address_in_use"
    /// The account's address was changed (sent to the old address).
    case addressChanged = "address_changed"
    /// A password reset link.
    case passwordReset = "password_reset"
    /// The account's password was changed or reset.
    case passwordChanged = "password_changed"

    /// The kind's topic, which says whether a user may turn it off.
    var fixedTopic: MailTopic? {
        switch self {
        case .notice: nil
        case .orderBooked, .paymentReminder: .booking
        case .paymentReceived, .refundDone, .changeDone, .invoiceIssued: .payment
        case .addressConfirmation, .addressInUse, .addressChanged, .passwordReset, .passwordChanged: .security
        }
    }
}

/// Groups of mail a user may turn off one by one on their profile; security mail cannot be.
enum MailTopic: String, SQLBindable, CaseIterable, Sendable {
    case booking, payment, waitlist, disruption, support, shop, security

    /// The topics a user may turn off, in the order the profile lists them.
    static let optional: [MailTopic] = [.booking, .payment, .waitlist, .disruption, .support, .shop]

    /// The message-catalog key of the topic's name on the profile.
    var messageKey: String {
        switch self {
        case .booking: "mail_topic_booking"
        case .payment: "mail_topic_payment"
        case .waitlist: "mail_topic_waitlist"
        case .disruption: "mail_topic_disruption"
        case .support: "mail_topic_support"
        case .shop: "mail_topic_shop"
        case .security: "mail_topic_security"
        }
    }

    /// The topic of the mail a notice sends, or nil for notices that stay on the site (payments
    /// have mails of their own, `MailKind.paymentReceived`).
    static func of(notice textKey: String) -> MailTopic? {
        switch textKey {
        case "notice_run_cancelled", "notice_run_delayed", "notice_run_on_time", "notice_delay_compensation": .disruption
        case "notice_waitlist_fulfilled", "notice_waitlist_refunded_ticket_type", "notice_waitlist_refunded_run_cancelled",
            "notice_waitlist_refunded_cancelled", "notice_waitlist_refunded_deadline", "notice_standing_upgraded":
            .waitlist
        case "notice_complaint_answered": .support
        case "notice_shop_order_accepted", "notice_shop_order_rejected", "notice_shop_order_refunded_not_accepted",
            "notice_shop_order_refunded_ticket", "notice_shop_order_refunded_run", "notice_shop_order_refunded":
            .shop
        case "notice_order_displaced": .booking
        default: nil
        }
    }
}
