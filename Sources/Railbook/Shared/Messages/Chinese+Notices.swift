/// Simplified Chinese texts of the notices on the My page (besides run cancellations and delays):
/// payments, waitlists, complaint answers, shop orders, displaced holds, removed passengers.
extension Messages {
    static let chineseNotices: [String: String] = [
        "notice_order_displaced": "订单 %@ 已撤销：乘车人 %@ 本人已预订同一时间的行程，座位已释放。",
        "notice_passenger_removed_by_owner": "%@ 已将本人证件从您的常用联系人中移除。",
    ]
}
