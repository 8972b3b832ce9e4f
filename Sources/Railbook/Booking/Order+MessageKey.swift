extension Order.Status {
    /// The status in words, as the order page and the order list say it.
    var messageKey: String {
        switch self {
        case .unpaid: "order_status_unpaid"
        case .paid: "order_status_paid"
        case .cancelled: "order_status_cancelled"
        case .expired: "order_status_expired"
        case .refunded: "order_status_refunded"
        case .withdrawn: "order_status_withdrawn"
        case .displaced: "order_status_displaced"
        }
    }
}
