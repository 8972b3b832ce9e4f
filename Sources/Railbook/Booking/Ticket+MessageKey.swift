extension Ticket.Status {
    /// The status in words, as the order page, the e-ticket and the ticket check say it.
    var messageKey: String {
        switch self {
        case .held: "ticket_status_held"
        case .issued: "ticket_status_issued"
        case .released: "ticket_status_released"
        case .refunded: "ticket_status_refunded"
        case .changed: "ticket_status_changed"
        }
    }
}
