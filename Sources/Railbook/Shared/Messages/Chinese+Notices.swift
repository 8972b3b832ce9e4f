/// Simplified Chinese texts of the notices on the My page (besides run cancellations and delays):
/// payments, waitlists, complaint answers, shop orders, displaced holds, removed passengers.
extension Messages {
    static let chineseNotices: [String: String] = [
        "notice_order_displaced": "订单 %@ 已撤销：乘车人 %@ 本人已预订同一时间的行程，座位已释放。",
        "notice_passenger_removed_by_owner": "%@ 已将本人证件从您的常用联系人中移除。",
        "notice_paid_ticket_order": "订单 %@ 已支付 %@，车票已出票。",
        "notice_paid_shop_order": "商城订单 %@ 已支付 %@，等待商家接单。",
        "notice_paid_waitlist": "候补订单 %@ 已预付 %@，正在排队候补。",
        "notice_paid_change": "订单 %@ 的改签差价 %@ 已支付，已改签。",
        "notice_waitlist_fulfilled": "候补订单 %@ 已兑现：%@ %@ 的车票已出票。",
        "notice_standing_upgraded": "候补订单 %@ 已兑现：%@ 的无座车票已全额退款 %@。",
        "notice_waitlist_refunded_deadline": "候补订单 %@ 到截止时间仍未兑现，已退款 %@。",
        "notice_waitlist_refunded_cancelled": "候补订单 %@ 已取消，已退款 %@。",
        "notice_waitlist_refunded_run_cancelled": "候补订单 %@ 因车次停运已退款 %@。",
        "notice_waitlist_refunded_ticket_type": "候补订单 %@ 未能兑现：%@ 已不符合所选车票类型的条件（如本学年 4 次学生优惠已用完），按成人票价须付的票款超过预付款，预付款 %@ 已全额退还。",
        "notice_complaint_answered": "您的投诉 %@ 有新的客服答复。",
        "notice_shop_order_accepted": "商城订单 %@ 商家已接单。",
        "notice_shop_order_rejected": "商城订单 %@ 未被商家接单，已退款 %@。",
        "notice_shop_order_refunded_not_accepted": "商城订单 %@ 商家未在 10 分钟内接单，已退款 %@。",
        "notice_shop_order_refunded_ticket": "商城订单 %@ 所送座位的车票已退票或改签，已退款 %@。",
        "notice_shop_order_refunded_run": "商城订单 %@ 因车次停运已退款 %@。",
        "notice_shop_order_refunded": "商城订单 %@ 已退款 %@。",
    ]
}
