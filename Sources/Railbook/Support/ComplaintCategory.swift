import Storage

/// What a complaint is about (the form's fixed list).
enum ComplaintCategory: String, SQLBindable, CaseIterable, Sendable {
    case delay, seat, service, food, refund, other

    /// The message-catalog key of its name.
    var messageKey: String {
        switch self {
        case .delay: "complaint_category_delay"
        case .seat: "complaint_category_seat"
        case .service: "complaint_category_service"
        case .food: "complaint_category_food"
        case .refund: "complaint_category_refund"
        case .other: "complaint_category_other"
        }
    }
}

/// How the customer would like to be reached besides the replies on the website.
enum ComplaintContactPreference: String, SQLBindable, CaseIterable, Sendable {
    /// Replies on the website only.
    case none
    /// A call to the account's mobile number.
    case phone
    /// A text message to the account's mobile number.
    case sms

    /// True when it needs the account's mobile number.
    var needsMobile: Bool { self != .none }

    /// The message-catalog key of its name.
    var messageKey: String {
        switch self {
        case .none: "complaint_contact_none"
        case .phone: "complaint_contact_phone"
        case .sms: "complaint_contact_sms"
        }
    }
}
