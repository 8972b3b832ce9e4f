/// English texts of the rules a 12306 user expects: one unpaid order at a time, ticket types that
/// follow the document, documents that only their owner's name may use.
extension Messages {
    static let englishRules: [String: String] = [
        "unpaid_order_refusal": "You have an unpaid order %@: pay or cancel it before booking again.",
        "unpaid_waitlist_refusal": "You have an unpaid waitlist %@: pay or cancel it before booking again.",
        "unpaid_order_open": "Pay or cancel it",
    ]
}
