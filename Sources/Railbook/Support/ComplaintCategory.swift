import Storage

/// What a complaint is about (the form's fixed list).
enum ComplaintCategory: String, SQLBindable, CaseIterable, Sendable {
    case delay, seat, service, food, refund, other

    /// The message-catalog key of its name.
    var messageKey: String { "complaint_category_\(rawValue)" }
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
    var messageKey: String { "complaint_contact_\(rawValue)" }
}
