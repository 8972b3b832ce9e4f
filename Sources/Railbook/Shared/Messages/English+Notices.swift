/// English texts of the notices on the My page (besides run cancellations and delays): payments,
/// waitlists, complaint answers, shop orders, displaced holds, removed passengers.
extension Messages {
    static let englishNotices: [String: String] = [
        "notice_order_displaced": "Order %@ was withdrawn: the passenger %@ booked a trip at the same time themself; its seats were released.",
        "notice_passenger_removed_by_owner": "%@ removed their document from your saved passengers.",
    ]
}
