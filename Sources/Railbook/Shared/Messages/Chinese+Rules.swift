/// Simplified Chinese texts of the rules a 12306 user expects: one unpaid order at a time, ticket
/// types that follow the document, documents that only their owner's name may use.
extension Messages {
    static let chineseRules: [String: String] = [
        "unpaid_order_refusal": "您有一个未支付的订单 %@，请先支付或取消后再订票。",
        "unpaid_waitlist_refusal": "您有一个未支付的候补订单 %@，请先支付或取消后再订票。",
        "unpaid_order_open": "去支付或取消",
    ]
}
